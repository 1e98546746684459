/**
 * Records a submitted storefront form that carried legal checkboxes: the counters behind the statistics, and one
 * consent record per shown checkbox in the consent log. The storefront forms call this; it knows nothing of HTTP.
 */
import type { Store } from '../../store/store.js';
import type { CheckboxLocation, ConsentRecord } from '../../store/schema.js';
import { anonymiseIp } from './anonymise-ip.js';

export interface FormSubmission {
  location: CheckboxLocation;
  /** Ids of the checkboxes the form showed. */
  shownIds: readonly number[];
  /** Ids of the checkboxes the customer ticked. */
  acceptedIds: readonly number[];
  /** The customer's IP address, full: it is shortened here, before anything is stored. */
  ip: string;
  /** ISO 8601; now by default. */
  time?: string;
}

/**
 * Counts each shown checkbox as shown, and as accepted when ticked, then logs the consent records.
 * Ids that are not checkboxes of this location are ignored (a form rendered before an edit), as is a ticked id that
 * was not shown (it cannot have been seen); repeated ids count once.
 *
 * @returns the records written to the consent log
 * @example await recordFormSubmission(store, { location: 'checkout', shownIds: [1, 2], acceptedIds: [1], ip:
 * '203.0.113.9' })
 */
export async function recordFormSubmission(store: Store, submission: FormSubmission): Promise<ConsentRecord[]> {
  const time = submission.time ?? new Date().toISOString();
  const accepted = new Set(submission.acceptedIds);
  const shown = new Set(submission.shownIds);
  const { checkboxes, pages } = store.site.data;
  const records: ConsentRecord[] = [];
  for (const checkbox of checkboxes) {
    if (!shown.has(checkbox.id) || checkbox.location !== submission.location) continue;
    const page = checkbox.legal_page_id
      ? pages.find((candidate) => candidate.id === checkbox.legal_page_id)
      : undefined;
    records.push({
      checkbox_id: checkbox.id,
      label: checkbox.label,
      location: submission.location,
      accepted: accepted.has(checkbox.id),
      time,
      legal_page_id: page ? page.id : 0,
      legal_page_modified_at: page ? page.modified_at : null,
      ip: anonymiseIp(submission.ip),
    });
  }
  await store.consent.record(records);
  return records;
}

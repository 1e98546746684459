/**
 * DSA notice and action (Digital Services Act, Art. 16): the checks a notice must pass, storing it with a reference,
 * and the manager's decisions. Knows nothing of Koa: the storefront form and compliance/v1 both call it.
 */
import type { Translate } from '../../i18n/translator.js';
import { productBySlug } from '../../store/catalog-lookup.js';
import type { DsaNotice } from '../../store/schema.js';
import type { Enqueue } from '../../store/outbox.js';
import type { Store } from '../../store/store.js';
import { anonymiseIp } from '../checkboxes/anonymise-ip.js';

/** What the notice form sends, as typed (kept on error so nobody types it twice). */
export type NoticeFields = Pick<DsaNotice, 'url' | 'explanation' | 'name' | 'email' | 'good_faith'>;

export type NoticeErrors = Partial<Record<keyof NoticeFields, string>>;

export const NOTICE_LIMITS = { explanationMin: 20, explanationMax: 5000, name: 200, email: 254, url: 2000 } as const;

/** Whether notices are accepted at all: the `compliance.dsa_enabled` switch. */
export function dsaEnabled(store: Store): boolean {
  return store.site.data.settings.compliance.dsa_enabled;
}

/** The form's fields from a posted body; anything missing is empty. */
export function noticeFieldsFrom(body: Record<string, string | undefined>): NoticeFields {
  const text = (name: string) => (body[name] ?? '').trim();
  return {
    url: text('url'),
    explanation: text('explanation'),
    name: text('name'),
    email: text('email'),
    good_faith: body.good_faith === 'yes',
  };
}

/**
 * Every problem with a notice, by field, in words a notifier can act on (in the language of `t`); empty when it may
 * be stored.
 * The URL must be an address of this shop: a notice here is about content this shop hosts.
 */
export function checkNotice(fields: NoticeFields, siteUrl: string, t: Translate): NoticeErrors {
  const errors: NoticeErrors = {};
  let url: URL | null = null;
  try {
    url = new URL(fields.url);
  } catch {
    // Reported below.
  }
  if (!fields.url) errors.url = t('dsaNotice.urlMissing');
  else if (!url || url.origin !== new URL(siteUrl).origin || fields.url.length > NOTICE_LIMITS.url) {
    errors.url = t('dsaNotice.urlElsewhere', { origin: new URL(siteUrl).origin });
  }
  if (fields.explanation.length < NOTICE_LIMITS.explanationMin) {
    errors.explanation = t('dsaNotice.explanationShort', { count: NOTICE_LIMITS.explanationMin });
  } else if (fields.explanation.length > NOTICE_LIMITS.explanationMax) {
    errors.explanation = t('dsaNotice.explanationLong', { count: NOTICE_LIMITS.explanationMax });
  }
  if (!fields.name) errors.name = t('dsaNotice.nameMissing');
  else if (fields.name.length > NOTICE_LIMITS.name)
    errors.name = t('dsaNotice.nameLong', { count: NOTICE_LIMITS.name });
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(fields.email) || fields.email.length > NOTICE_LIMITS.email) {
    errors.email = t('dsaNotice.emailInvalid');
  }
  if (!fields.good_faith) errors.good_faith = t('dsaNotice.goodFaithMissing');
  return errors;
}

/** The product a shop address points at, 0 when it names none. */
function productIdOf(store: Store, address: string): number {
  const match = /^\/product\/([^/]+)\/?$/.exec(new URL(address).pathname);
  if (!match) return 0;
  try {
    return productBySlug(store.catalog.data.products, decodeURIComponent(match[1]!))?.id ?? 0;
  } catch {
    return 0;
  }
}

/**
 * Stores a checked notice with the messages it causes (`outbox`: the receipt to the notifier, the shop's
 * notification); the returned notice carries the reference to acknowledge it with.
 * @example (await submitNotice(store, fields, ctx.ip, mail.dsaNoticeReceived)).reference // 'DSA-2026-000001'
 */
export function submitNotice(
  store: Store,
  fields: NoticeFields,
  ip: string,
  outbox?: Enqueue<DsaNotice>,
  now = new Date(),
): Promise<DsaNotice> {
  return store.dsaNotices.create(
    {
      product_id: productIdOf(store, fields.url),
      url: fields.url,
      explanation: fields.explanation,
      name: fields.name,
      email: fields.email,
      good_faith: fields.good_faith,
      ip: anonymiseIp(ip),
      created_at: now.toISOString(),
    },
    outbox,
  );
}

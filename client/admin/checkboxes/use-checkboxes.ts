/**
 * The checkboxes screen's server state: the checkboxes, their acceptance statistics and the legal pages a checkbox
 * may link, loaded together and reloaded after every change, so the list always shows what the server holds.
 */
import { useCallback, useEffect, useState } from '@wordpress/element';
import type { LegalPage, RestCheckbox } from '../../api/compliance.js';
import { getCheckboxStats, listCheckboxes, updateCheckbox } from '../data/checkboxes-api.js';
import { listLegalPages } from '../data/compliance-api.js';
import { errorMessage } from '../data/rest-error.js';

/** A checkbox with how often it was shown and accepted, for the list. */
export interface CheckboxRow extends RestCheckbox {
  acceptance_rate: number;
  total_shown: number;
}

export function useCheckboxes() {
  const [rows, setRows] = useState<CheckboxRow[] | null>(null);
  const [legalPages, setLegalPages] = useState<LegalPage[]>([]);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(async () => {
    try {
      const [list, stats, pages] = await Promise.all([listCheckboxes(), getCheckboxStats(), listLegalPages()]);
      const byId = new Map(stats.stats.map((entry) => [entry.checkbox_id, entry]));
      setRows(
        list.checkboxes.map((checkbox) => ({
          ...checkbox,
          acceptance_rate: byId.get(checkbox.id)?.acceptance_rate ?? 0,
          total_shown: byId.get(checkbox.id)?.total_shown ?? 0,
        })),
      );
      setLegalPages(pages.pages);
      setError(null);
    } catch (caught) {
      setError(errorMessage(caught));
    }
  }, []);
  useEffect(() => {
    reload();
  }, [reload]);
  return { rows, legalPages, error, reload };
}

/**
 * Saves a new order of one location's checkboxes: positions 10, 20, 30... and a PUT for each checkbox whose position
 * changed (the API has no bulk write; each PUT is validated and applied on its own).
 */
export async function saveOrder(ordered: RestCheckbox[]): Promise<void> {
  for (const [index, checkbox] of ordered.entries()) {
    const position = (index + 1) * 10;
    if (checkbox.position !== position) {
      await updateCheckbox(checkbox.id, { position });
    }
  }
}

/**
 * The checkboxes screen's server state: the checkboxes, their acceptance statistics and the legal pages a checkbox
 * may link, loaded together and reloaded after every change, so the list always shows what the server holds.
 */
import apiFetch from '@wordpress/api-fetch';
import { useCallback, useEffect, useState } from '@wordpress/element';

export const LOCATIONS = ['checkout', 'registration', 'contact'] as const;
export type Location = (typeof LOCATIONS)[number];

export interface RestCheckbox {
  id: number;
  label: string;
  required: boolean;
  enabled: boolean;
  position: number;
  location: Location;
  legal_page_id: number;
}

export interface CheckboxRow extends RestCheckbox {
  acceptance_rate: number;
  total_shown: number;
}

export interface LegalPage {
  id: number;
  type: string;
  title: string;
  status: string;
  word_count: number;
  last_modified: string;
  url: string;
}

interface Stats {
  stats: Array<{ checkbox_id: number; total_shown: number; total_accepted: number; acceptance_rate: number }>;
}

export function useCheckboxes() {
  const [rows, setRows] = useState<CheckboxRow[] | null>(null);
  const [legalPages, setLegalPages] = useState<LegalPage[]>([]);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(async () => {
    try {
      const [list, stats, pages] = await Promise.all([
        apiFetch<{ checkboxes: RestCheckbox[] }>({ path: '/compliance/v1/checkboxes' }),
        apiFetch<Stats>({ path: '/compliance/v1/checkboxes/stats' }),
        apiFetch<{ pages: LegalPage[] }>({ path: '/compliance/v1/legal-pages' }),
      ]);
      const byId = new Map(stats.stats.map((entry) => [entry.checkbox_id, entry]));
      setRows(list.checkboxes.map((checkbox) => ({
        ...checkbox,
        acceptance_rate: byId.get(checkbox.id)?.acceptance_rate ?? 0,
        total_shown: byId.get(checkbox.id)?.total_shown ?? 0,
      })));
      setLegalPages(pages.pages);
      setError(null);
    } catch (caught) {
      setError((caught as { message?: string }).message ?? String(caught));
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
      await apiFetch({ path: `/compliance/v1/checkboxes/${checkbox.id}`, method: 'PUT', data: { position } });
    }
  }
}

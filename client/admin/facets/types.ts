/** The facet/v1 shapes the configurator reads and writes (server/facets/config.ts, sources.ts, reindex-job.ts). */
export type FacetType = 'checkboxes' | 'radio' | 'dropdown' | 'range' | 'rating' | 'toggle' | 'hierarchy';

export interface FacetDefinition {
  name: string;
  label: string;
  type: FacetType;
  source: string;
  logic: 'or' | 'and';
  show_counts: boolean;
  hide_empty: boolean;
  order: 'count' | 'name' | 'custom';
  custom_order?: string[];
  limit: number;
}

export interface FacetConfig {
  facets: FacetDefinition[];
  per_page: number;
  columns: number;
  orderby_options: string[];
  default_orderby: string;
}

export interface Source {
  source: string;
  label: string;
  kind: 'term' | 'number' | 'boolean';
  types: FacetType[];
  values: number;
  products: number;
  sample: string[];
  min?: number;
  max?: number;
}

export interface IndexStats {
  indexed: number;
  facets: number;
  values: number;
  took_ms: number;
}

export interface ReindexState {
  job: {
    id: string;
    status: 'running' | 'done' | 'failed';
    progress: number;
    step: string;
    started_at: string;
    finished_at: string | null;
    result: IndexStats | null;
    error: string | null;
  } | null;
  index: (IndexStats & { built_at: string }) | null;
}

/** Types where a shopper can pick several values: the only ones where "all of" logic means something. */
export const MULTI_SELECT_TYPES: FacetType[] = ['checkboxes', 'hierarchy'];

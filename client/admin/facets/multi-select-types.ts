/** Facet types where a shopper can pick several values: the only ones where "all of" logic means something. */
import type { FacetType } from '../../api/facets.js';

export const MULTI_SELECT_TYPES: FacetType[] = ['checkboxes', 'hierarchy'];

/**
 * `facet/v1` for the admin: configuration, sources, preview, reindex jobs, and the block's choices
 * (server/facets/filter/facet-routes.ts).
 */
import type {
  BlockChoices,
  FacetConfig,
  FacetPreview,
  FacetSources,
  ReindexState,
  SavedFacetConfig,
} from '../../api/facets.js';
import { restGet, restPost } from './rest-client.js';

export const getFacetConfig = () => restGet<FacetConfig>('/facet/v1/settings');
/** Validated whole (a refusal names each field as `facets[2].label`); a save starts a reindex job. */
export const saveFacetConfig = (config: FacetConfig) => restPost<SavedFacetConfig>('/facet/v1/settings', config);
export const previewFacets = (config: FacetConfig) => restPost<FacetPreview>('/facet/v1/preview', config);
export const getFacetSources = () => restGet<FacetSources>('/facet/v1/catalog');

export const getReindexState = () => restGet<ReindexState>('/facet/v1/reindex');
/** Starts a reindex job, or answers the one running. */
export const startReindex = () => restPost<ReindexState>('/facet/v1/reindex');

export const getBlockChoices = () => restGet<BlockChoices>('/facet/v1/block-choices');

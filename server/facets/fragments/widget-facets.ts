/** The facet results a widget shows: the engine answers every configured facet, a widget lists its own in its order. */
import type { FacetResult } from '../engine/engine.js';
import type { FilterOutcome } from '../facet-service.js';

export function widgetFacetResults(outcome: Pick<FilterOutcome, 'result' | 'widget'>): FacetResult[] {
  const byName = new Map(outcome.result.facets.map((facet) => [facet.definition.name, facet]));
  return outcome.widget.facets.flatMap((definition) => byName.get(definition.name) ?? []);
}

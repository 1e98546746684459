/**
 * Shadow styles of `<facet-filter>`: the layout of the four slots, the narrow-width "Filters" disclosure, the retry
 * message and the busy look. The look of the fragments themselves lives in `facet-filter-fragments.css` (light DOM).
 */
import { css } from 'lit';

export const facetFilterStyles = css`
  :host {
    display: block;
    --_gap: var(--facet-filter-gap, 1.25rem);
    --_accent: var(--facet-filter-accent, #2f5d50);
    --_radius: var(--facet-filter-radius, 8px);
  }
  :host([hidden]) { display: none; }
  .base { container-type: inline-size; }
  /* Only the element's own div and span wear it: they have no padding or border to undo. */
  .visually-hidden {
    position: absolute; width: 1px; height: 1px; margin: -1px; overflow: hidden;
    clip: rect(0 0 0 0); white-space: nowrap;
  }
  .layout {
    display: grid;
    grid-template-columns: var(--facet-filter-facets-width, 16rem) minmax(0, 1fr);
    gap: var(--_gap);
    align-items: start;
  }
  .main { display: grid; gap: var(--_gap); min-width: 0; }
  .filters-toggle, .show-results { display: none; }
  .error {
    display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: center;
    padding: 0.75rem 1rem; border-radius: var(--_radius);
    background: #fdecea; color: #7a1c12; border: 1px solid #f5c2bb;
  }
  .error[hidden] { display: none; }
  button {
    font: inherit; font-weight: 600; cursor: pointer;
    padding: 0.5rem 1rem; border-radius: var(--_radius);
    border: 1px solid var(--_accent); background: var(--_accent); color: #fff;
  }
  button:focus-visible { outline: 3px solid var(--_accent); outline-offset: 2px; }
  .results { transition: 0.15s ease-in; }
  /* Busy: dim, not hide, so the page does not jump; a wait cursor says the same to a mouse user. */
  :host([loading]) .results { opacity: 0.55; cursor: progress; }
  @media (prefers-reduced-motion: reduce) { .results { transition: none; } }

  /* Narrow: one column, and the facets fold behind "Filters". Only once the element runs (:defined): without
     JavaScript the button could not open anything, so the facets stay visible. */
  @container (max-width: 44rem) {
    .layout { grid-template-columns: minmax(0, 1fr); }
    :host(:defined) .filters-toggle { display: inline-flex; align-items: center; gap: 0.4rem; justify-self: start; margin-bottom: var(--_gap); }
    :host(:defined) .facets:not(.facets--open) { display: none; }
    :host(:defined) .show-results { display: block; width: 100%; position: sticky; bottom: 0.5rem; margin-top: var(--_gap); }
  }
`;

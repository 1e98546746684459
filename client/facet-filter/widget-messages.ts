/**
 * The texts `<facet-filter>` writes itself (its toggle, its count button, its error and the count it announces), in
 * the shop's language: the server renders them into the element's `messages` attribute, so that the storefront's
 * bundle carries no catalogue. A text that depends on a number comes in one form per CLDR plural category of the
 * language, with `#` where the number goes; the element picks the form with the browser's `Intl.PluralRules`.
 */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>>;

export interface WidgetMessages {
  /** The toggle of the facets on a phone. */
  filters: string;
  /** The word after the number of active filters on the toggle, e.g. "active". */
  active: PluralForms;
  /** The button that closes the facets on a phone: "Show # results". */
  showResults: PluralForms;
  /** What the live region announces after a change: "# products". */
  found: PluralForms;
  /** Why the products stayed as they were after a failed request. */
  error: string;
  retry: string;
}

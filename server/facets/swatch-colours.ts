/**
 * Swatch colours of attribute facets: the colour a manager set for a value in the facets
 * configurator, else a default for common colour names in English, Polish (every gender's ending) and German, else
 * none (the value is then listed by its name alone). Names are matched by their slug, so `Żółty`, `zolty` and
 * `ŻÓŁTA` are one colour.
 */
import { slugify } from '../catalog/model.js';
import type { FacetDefinition } from './config.js';

/** One colour and the slugs of its names. */
const NAMED_COLOURS: ReadonlyArray<readonly [colour: string, names: readonly string[]]> = [
  ['#111111', ['black', 'czarny', 'czarna', 'czarne', 'schwarz']],
  ['#ffffff', ['white', 'bialy', 'biala', 'biale', 'weiss']],
  ['#8a8a8a', ['grey', 'gray', 'szary', 'szara', 'szare', 'grau']],
  ['#4a4a4a', ['dark-grey', 'dark-gray', 'grafitowy', 'grafitowa', 'grafitowe', 'anthrazit', 'dunkelgrau']],
  ['#c0c0c0', ['silver', 'srebrny', 'srebrna', 'srebrne', 'silber']],
  ['#1f2a44', ['navy', 'granatowy', 'granatowa', 'granatowe', 'marineblau', 'dunkelblau']],
  ['#2f6fd0', ['blue', 'niebieski', 'niebieska', 'niebieskie', 'blau']],
  [
    '#8ec5ea',
    [
      'light-blue',
      'jasnoniebieski',
      'jasnoniebieska',
      'jasnoniebieskie',
      'hellblau',
      'blekitny',
      'blekitna',
      'blekitne',
    ],
  ],
  ['#c62828', ['red', 'czerwony', 'czerwona', 'czerwone', 'rot']],
  ['#7b1f2e', ['burgundy', 'bordowy', 'bordowa', 'bordowe', 'bordeaux', 'weinrot']],
  ['#2e7d32', ['green', 'zielony', 'zielona', 'zielone', 'grun', 'gruen']],
  ['#6b6b2a', ['olive', 'oliwkowy', 'oliwkowa', 'oliwkowe', 'oliv', 'khaki']],
  ['#e3d5b8', ['beige', 'bezowy', 'bezowa', 'bezowe']],
  ['#f3ead8', ['ecru', 'cream', 'creme', 'kremowy', 'kremowa', 'kremowe']],
  ['#6d4c33', ['brown', 'brazowy', 'brazowa', 'brazowe', 'braun']],
  ['#e89ab5', ['pink', 'rozowy', 'rozowa', 'rozowe', 'rosa']],
  ['#7b3fa0', ['purple', 'violet', 'fioletowy', 'fioletowa', 'fioletowe', 'lila', 'violett']],
  ['#ef7d22', ['orange', 'pomaranczowy', 'pomaranczowa', 'pomaranczowe']],
  ['#f2c81f', ['yellow', 'zolty', 'zolta', 'zolte', 'gelb']],
  ['#c9a227', ['gold', 'zloty', 'zlota', 'zlote']],
  ['#1aa3a3', ['turquoise', 'teal', 'turkusowy', 'turkusowa', 'turkusowe', 'turkis', 'tuerkis']],
];

const DEFAULT_COLOURS: ReadonlyMap<string, string> = new Map(
  NAMED_COLOURS.flatMap(([colour, names]) => names.map((name) => [name, colour] as const)),
);

/**
 * The default swatch colour of a value name, or null for a name that is not a common colour.
 * @example defaultSwatchColour('Żółty') // '#f2c81f'
 */
export function defaultSwatchColour(name: string): string | null {
  return DEFAULT_COLOURS.get(slugify(name)) ?? null;
}

/**
 * The colour of a value's swatch: the facet's own (by value slug, an own property only), else the default of its
 * name; null when the facet shows no swatches or the value has no colour.
 */
export function swatchColour(
  definition: Pick<FacetDefinition, 'swatches' | 'colors'>,
  value: string,
  label: string,
): string | null {
  if (!definition.swatches) return null;
  const own = definition.colors && Object.hasOwn(definition.colors, value) ? definition.colors[value]! : null;
  return own ?? defaultSwatchColour(label) ?? defaultSwatchColour(value);
}

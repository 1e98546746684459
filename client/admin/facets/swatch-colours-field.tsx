/**
 * Colour swatches of an attribute facet: a switch, and the colour of each value, written #rrggbb.
 * A value left empty takes the default of its name (common colour names in English, Polish and German, which the
 * server lists with the values), or none: it is then shown by its name alone.
 */
import { ColorIndicator, Flex, FlexItem, TextControl, ToggleControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import type { FacetDefinition, FacetSource } from '../../api/facets.js';

interface Props {
  facet: FacetDefinition;
  terms: NonNullable<FacetSource['terms']>;
  errors: Record<string, string>;
  onChange(change: Partial<FacetDefinition>): void;
}

export function SwatchColoursField({ facet, terms, errors, onChange }: Props) {
  const colors = facet.colors ?? {};
  const setColour = (slug: string, typed: string) => {
    const next = { ...colors };
    if (typed.trim() === '') delete next[slug];
    else next[slug] = typed.trim();
    onChange({ colors: next });
  };
  return (
    <>
      <ToggleControl
        __nextHasNoMarginBottom
        label={__('Show values as colour swatches')}
        help={
          errors.swatches ?? __('The name stays readable for screen readers, as a tooltip, and in high-contrast mode.')
        }
        checked={facet.swatches === true}
        onChange={(swatches) => onChange({ swatches })}
      />
      {facet.swatches && (
        <fieldset className="vitrine-swatch-colours">
          <legend>{__('Swatch colours')}</legend>
          {errors.colors && (
            <p className="vitrine-field-error" role="alert">
              {errors.colors}
            </p>
          )}
          <p className="vitrine-help">
            {__(
              'Write a colour as #rrggbb. Leave it empty for the default of the name; a value without a colour shows its name.',
            )}
          </p>
          {terms.map((term) => {
            const own = colors[term.slug] ?? '';
            return (
              <Flex key={term.slug} align="center" justify="flex-start">
                <ColorIndicator
                  colorValue={/^#[0-9a-f]{6}$/i.test(own) ? own : (term.default_color ?? 'transparent')}
                />
                <FlexItem isBlock>
                  <TextControl
                    __next40pxDefaultSize
                    __nextHasNoMarginBottom
                    label={sprintf(__('Colour of %s'), term.name)}
                    placeholder={term.default_color ?? __('none')}
                    value={own}
                    onChange={(typed) => setColour(term.slug, typed)}
                  />
                </FlexItem>
              </Flex>
            );
          })}
        </fieldset>
      )}
    </>
  );
}

/**
 * The General settings' `storefront_languages`: a box per language the storefront can speak, instead of a list of codes
 * to type. The shop's own language (its locale's) is always offered, so its box is ticked and cannot be unticked. The
 * setting keeps the other languages ticked, as codes separated by commas.
 */
import { CheckboxControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import type { ArgDescription } from '../../api/discovery.js';

/** The languages the storefront's message catalogue has (server/i18n/languages.ts), each with its name. */
const LANGUAGES = [
  { code: 'pl', name: () => __('Polish') },
  { code: 'en', name: () => __('English') },
  { code: 'de', name: () => __('German') },
];

interface Props {
  arg: ArgDescription;
  value: string;
  /** The shop's locale as drafted (`pl-PL`): its language is the storefront's own. */
  locale: string;
  error?: string;
  onChange(value: string): void;
}

export function StorefrontLanguagesField({ arg, value, locale, error, onChange }: Props) {
  const own = locale.split(/[-_]/)[0]?.toLowerCase();
  const listed = new Set(
    value
      .split(',')
      .map((code) => code.trim())
      .filter(Boolean),
  );
  const toggle = (code: string, offered: boolean) => {
    const next = LANGUAGES.map((language) => language.code).filter((candidate) =>
      candidate === code ? offered : listed.has(candidate),
    );
    onChange(next.join(', '));
  };
  return (
    <fieldset className="vitrine-settings__choices" aria-describedby="storefront-languages-help">
      <legend>{arg.title ?? __('Storefront languages')}</legend>
      {LANGUAGES.map(({ code, name }) => (
        <CheckboxControl
          key={code}
          __nextHasNoMarginBottom
          label={code === own ? `${name()} ${__('(the shop’s own language)')}` : name()}
          checked={code === own || listed.has(code)}
          disabled={code === own}
          onChange={(offered) => toggle(code, offered)}
        />
      ))}
      <p id="storefront-languages-help" className="components-base-control__help">
        {error && (
          <span className="vitrine-field-error" role="alert">
            {error}{' '}
          </span>
        )}
        {arg.description}
      </p>
    </fieldset>
  );
}

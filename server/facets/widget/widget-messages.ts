/**
 * The texts `<facet-filter>` writes itself, in the shop's language, for its `messages` attribute
 * (client/facet-filter/widget-messages.ts): the number of a plural form stands as `#`, which the element fills.
 */
import type { WidgetMessages } from '../../../client/facet-filter/widget-messages.js';
import { translatorOfLocale } from '../../i18n/translator.js';

/** Stands where the element writes the number. */
const NUMBER = '#';

export function widgetMessages(locale: string | undefined): WidgetMessages {
  const { t, forms } = translatorOfLocale(locale);
  return {
    filters: t('widget.filters'),
    active: forms('widget.active'),
    showResults: forms('widget.showResults', { formatted: NUMBER }),
    found: forms('facets.found', { formatted: NUMBER }),
    error: t('widget.error'),
    retry: t('widget.retry'),
  };
}

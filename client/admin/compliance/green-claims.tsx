/**
 * The green-claims report: the products whose title or description makes a generic environmental claim, each
 * phrase in its context with the term marked, its language, and a link to the product's editor to reword it, at the
 * description when a claim is there, else at the name.
 */
import type { Field } from '@wordpress/dataviews';
import { __, sprintf } from '@wordpress/i18n';
import type { GreenClaimProduct } from '../../api/compliance-reports.js';
import { getGreenClaimsIfOn } from '../data/compliance-reports-api.js';
import { AdminLink } from '../shell/admin-link.js';
import { screenPath } from '../shell/admin-screens.js';
import { HighlightedPhrase } from './highlight-phrase.js';
import { ProductEditLink } from '../products/product-edit-link.js';
import { ProductReportScreen } from './product-report-screen.js';
import { tableView } from '../components/table-view.js';

const LANGUAGE_NAMES: Record<string, string> = { en: __('English'), pl: __('Polish'), de: __('German') };
const languageName = (code: string) => LANGUAGE_NAMES[code] ?? code;

const FIELDS: Field<GreenClaimProduct>[] = [
  {
    id: 'title',
    label: __('Product'),
    enableHiding: false,
    enableGlobalSearch: true,
    getValue: ({ item }) => item.title,
    render: ({ item }) => (
      <ProductEditLink
        id={item.id}
        place={item.claims.some((claim) => claim.field === 'description') ? 'product-description' : 'product-name'}
      >
        {item.title}
      </ProductEditLink>
    ),
  },
  { id: 'sku', label: __('SKU'), enableGlobalSearch: true, getValue: ({ item }) => item.sku },
  {
    id: 'claims',
    label: __('Claims in context'),
    enableSorting: false,
    getValue: ({ item }) => item.claims.map((claim) => claim.phrase).join(' '),
    render: ({ item }) => (
      <ul className="vitrine-claims">
        {item.claims.map((claim, index) => (
          <li key={index}>
            <HighlightedPhrase context={claim.context} phrase={claim.phrase} />
            <span className="vitrine-claims__lang">{`(${claim.field === 'title' ? __('title') : __('description')}, ${languageName(claim.language)})`}</span>
          </li>
        ))}
      </ul>
    ),
  },
  {
    id: 'language',
    label: __('Language'),
    enableSorting: false,
    getValue: ({ item }) => item.claims[0]?.language ?? '',
    render: ({ item }) => [...new Set(item.claims.map((claim) => languageName(claim.language)))].join(', '),
    elements: Object.entries(LANGUAGE_NAMES).map(([value, label]) => ({ value, label })),
    filterBy: { operators: ['isAny'] },
  },
  {
    id: 'shop',
    label: __('In the shop'),
    enableSorting: false,
    getValue: ({ item }) => item.url,
    render: ({ item }) => (
      <a href={item.url} target="_blank" rel="noreferrer noopener">
        {sprintf(__('View %s'), item.title)}
      </a>
    ),
  },
];

const DEFAULT_VIEW = tableView({ fields: ['sku', 'claims', 'language', 'shop'], titleField: 'title' });

export function GreenClaimsScreen() {
  return (
    <ProductReportScreen<GreenClaimProduct>
      load={getGreenClaimsIfOn}
      off={
        <>
          {__('The green-claims check is switched off, so no product is checked.')}{' '}
          <AdminLink href={screenPath('settings', 'compliance')}>
            {__('Switch it on in the compliance settings')}
          </AdminLink>
        </>
      }
      id="claims"
      title={__('Green claims')}
      help={__(
        'Generic environmental claims such as \u201ceco-friendly\u201d are banned in the EU from 27 September 2026 (Directive (EU) 2024/825) unless proven. Reword them or substantiate them.',
      )}
      summary={(data) => sprintf(__('%1$d of %2$d products make a generic claim.'), data.total, data.checked)}
      fields={FIELDS}
      defaultView={DEFAULT_VIEW}
    />
  );
}

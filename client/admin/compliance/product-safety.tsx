/**
 * The product-safety report: published products whose GPSR information (the manufacturer's name, postal and
 * electronic address) is incomplete, with what is missing, a link to the product in the shop, and one to the product
 * safety section of its editor.
 */
import type { Field } from '@wordpress/dataviews';
import { __, sprintf } from '@wordpress/i18n';
import type { IncompleteSafetyProduct } from '../../api/compliance-reports.js';
import { getProductSafety } from '../data/compliance-reports-api.js';
import { ProductEditLink } from '../products/product-edit-link.js';
import { ProductReportScreen } from './product-report-screen.js';
import { tableView } from '../components/table-view.js';

/** The meta keys (server/catalog/product-safety.ts) in words, with the CSV column that fills each. */
const MISSING_LABELS: Record<string, string> = {
  gpsr_manufacturer_name: __('Manufacturer name (Meta: gpsr_manufacturer_name)'),
  gpsr_manufacturer_address: __('Manufacturer postal address (Meta: gpsr_manufacturer_address)'),
  gpsr_manufacturer_contact: __('Manufacturer email or web address (Meta: gpsr_manufacturer_contact)'),
};

const FIELDS: Field<IncompleteSafetyProduct>[] = [
  {
    id: 'title',
    label: __('Product'),
    enableHiding: false,
    enableGlobalSearch: true,
    getValue: ({ item }) => item.title,
    render: ({ item }) => (
      <a href={item.url} target="_blank" rel="noreferrer noopener">
        {item.title}
      </a>
    ),
  },
  { id: 'sku', label: __('SKU'), enableGlobalSearch: true, getValue: ({ item }) => item.sku },
  {
    id: 'missing',
    label: __('Missing'),
    enableSorting: false,
    getValue: ({ item }) => item.missing.join(' '),
    render: ({ item }) => (
      <ul className="vitrine-missing">
        {item.missing.map((key) => (
          <li key={key}>{MISSING_LABELS[key] ?? key}</li>
        ))}
      </ul>
    ),
  },
  {
    id: 'responsible',
    label: __('EU responsible person'),
    enableSorting: false,
    getValue: ({ item }) => String(item.has_responsible_person),
    render: ({ item }) =>
      item.has_responsible_person ? __('Given') : __('Not given (needed if the manufacturer is outside the EU)'),
  },
  {
    id: 'edit',
    label: __('Edit'),
    enableSorting: false,
    getValue: ({ item }) => item.id,
    render: ({ item }) => (
      <ProductEditLink id={item.id} place="product-safety">
        {sprintf(__('Edit %s'), item.title)}
      </ProductEditLink>
    ),
  },
];

const DEFAULT_VIEW = tableView({ fields: ['sku', 'missing', 'responsible', 'edit'], titleField: 'title' });

export function ProductSafetyScreen() {
  return (
    <ProductReportScreen<IncompleteSafetyProduct>
      load={getProductSafety}
      id="safety"
      title={__('Product safety')}
      help={__(
        'The General Product Safety Regulation asks for the manufacturer\u2019s name, postal and electronic address on every product offered online. Fill them in in each product\u2019s editor (Edit), through the API or with a CSV import (Meta: columns).',
      )}
      summary={(data) =>
        sprintf(__('%1$d of %2$d published products lack safety information.'), data.total, data.checked)
      }
      fields={FIELDS}
      defaultView={DEFAULT_VIEW}
    />
  );
}

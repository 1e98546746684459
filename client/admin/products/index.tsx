/**
 * The Products screen: the catalog through wc/v3 in a DataViews table (search, filters by category, stock and sale,
 * paged by the server), Add product and Edit (the product editor), a quick edit of prices and stock per product, and
 * the CSV import. `?edit=ID` opens the quick edit of that product.
 */
import { Button } from '@wordpress/components';
import type { Action } from '@wordpress/dataviews';
import { useCallback, useEffect, useMemo, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { MouseEvent } from 'react';
import type { WcCategory, WcProduct } from '../../api/woocommerce.js';
import { ServerPagedDataViews, useServerPagedView } from '../components/server-paged-data-views.js';
import { tableView } from '../components/table-view.js';
import { getProductsPage, listAllCategories } from '../data/products-api.js';
import { screenPath } from '../shell/admin-screens.js';
import { CsvImport } from './import/csv-import.js';
import { navigate } from '../shell/use-route.js';
import { productEditorPath, productQuickEditPath } from './product-edit-link.js';
import { productFields } from './product-fields.js';
import { productsQueryArgs } from './products-view-query.js';
import { QuickEditModal } from './quick-edit-modal.js';
import { categoryLabels } from './category-labels.js';
import './products.css';

const DEFAULT_VIEW = tableView({
  fields: ['sku', 'price', 'stock_status', 'on_sale', 'categories'],
  titleField: 'name',
});

/** The product id in `?edit=`, or null. */
function editParam(): number | null {
  const id = Number(new URLSearchParams(window.location.search).get('edit'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function ProductsScreen() {
  const paged = useServerPagedView(DEFAULT_VIEW, (view) => getProductsPage(productsQueryArgs(view)));
  const { reload } = paged;
  const [categories, setCategories] = useState<WcCategory[]>([]);
  const [editing, setEditing] = useState<number | null>(editParam);
  const [importing, setImporting] = useState(false);

  useEffect(() => {
    listAllCategories().then(setCategories, () => setCategories([]));
  }, []);
  // Back and Forward move between ?edit= addresses too.
  useEffect(() => {
    const follow = () => setEditing(editParam());
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, []);

  const openQuickEdit = useCallback((id: number) => {
    window.history.pushState(null, '', productQuickEditPath(id));
    setEditing(id);
  }, []);
  const closeQuickEdit = () => {
    window.history.pushState(null, '', screenPath('products'));
    setEditing(null);
  };
  const fields = useMemo(() => productFields(categoryLabels(categories)), [categories]);
  const actions: Action<WcProduct>[] = [
    {
      id: 'edit',
      label: __('Edit'),
      isPrimary: true,
      callback: ([product]) => navigate(productEditorPath(product!.id)),
    },
    { id: 'quick-edit', label: __('Quick edit'), callback: ([product]) => openQuickEdit(product!.id) },
    {
      id: 'view',
      label: __('View in the shop'),
      isEligible: (product) => product.status === 'publish',
      callback: ([product]) => window.open(product!.permalink, '_blank'),
    },
  ];

  return (
    <section className="vitrine-admin__screen" aria-labelledby="products-heading">
      <div className="vitrine-admin__screen-header">
        <h1 id="products-heading">{__('Products')}</h1>
        <div className="vitrine-products__buttons">
          <Button variant="secondary" aria-expanded={importing} onClick={() => setImporting(!importing)}>
            {__('Import CSV')}
          </Button>
          {/* A link (a place to go, or to open in a new tab), followed inside the admin. */}
          <Button
            variant="primary"
            href={productEditorPath('new')}
            onClick={(event: MouseEvent) => {
              if (event.metaKey || event.ctrlKey || event.shiftKey) return;
              event.preventDefault();
              navigate(productEditorPath('new'));
            }}
          >
            {__('Add product')}
          </Button>
        </div>
      </div>
      {importing && <CsvImport onImported={() => reload()} />}
      <ServerPagedDataViews<WcProduct>
        paged={paged}
        fields={fields}
        actions={actions}
        searchLabel={__('Search products')}
      />
      {editing !== null && (
        <QuickEditModal key={editing} productId={editing} onClose={closeQuickEdit} onSaved={() => reload()} />
      )}
    </section>
  );
}

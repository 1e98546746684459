/**
 * The product editor, at /admin/products/new and /admin/products/<id>: everything WooCommerce's
 * product screen holds that this shop stores, in sections (product, price and stock, shipping and unit price,
 * attributes, variations, product safety) beside a side column (status, categories, brand, tags, images), saved through
 * wc/v3. A refused field shows the reason beside it, and the focus moves to the first one; leaving with unsaved changes asks first; a hash in the address
 * (`#product-safety`) focuses that place, which is how the compliance reports link here.
 */
import { Notice, Spinner } from '@wordpress/components';
import { useRef } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { useFocusFirstError } from '../components/use-focus-first-error.js';
import { AdminLink } from '../shell/admin-link.js';
import { screenPath } from '../shell/admin-screens.js';
import { useLeaveGuard } from '../shell/use-leave-guard.js';
import { AttributesSection } from './attributes-section.js';
import { EditorTopBar } from './editor-top-bar.js';
import { GeneralSection } from './general-section.js';
import { PricingSection } from './pricing-section.js';
import type { ProductForm } from './product-form.js';
import { SafetySection } from './safety-section.js';
import { ShippingSection } from './shipping-section.js';
import { Sidebar } from './sidebar.js';
import { useFocusFromHash } from './use-focus-from-hash.js';
import { useProductEditor } from './use-product-editor.js';
import { VariationsSection } from './variations-section.js';
import './product-editor.css';

/** Fields some input shows its reason beside; a reason for any other field goes in the notice. */
const SHOWN =
  /^(name|slug|type|description|short_description|sku|regular_price|sale_price|date_on_sale_(from|to)|stock_(quantity|status)|weight|dimensions\.\w+|status|categories|brands|tags|images|attributes|meta_data\.(delivery_time|unit_price_\w+|gpsr_\w+))$/;

export function ProductEditor({ id }: { id: number | null }) {
  const editor = useProductEditor(id);
  const root = useRef<HTMLElement>(null);
  useLeaveGuard(editor.dirty);
  useFocusFromHash(editor.loaded);
  useFocusFirstError(root, editor.errors);
  useFocusFirstError(root, editor.variationErrors);
  if (editor.loadError) {
    return (
      <section className="vitrine-admin__screen" aria-labelledby="product-editor-heading">
        <h1 id="product-editor-heading">{__('Edit product')}</h1>
        <Notice status="error" isDismissible={false}>
          {editor.loadError}
        </Notice>
        <AdminLink href={screenPath('products')}>{__('Back to the products')}</AdminLink>
      </section>
    );
  }
  if (!editor.loaded) return <Spinner />;
  const { form, errors } = editor;
  const change = (changes: Partial<ProductForm>) => editor.setForm((current) => ({ ...current, ...changes }));
  const unplaced = Object.entries(errors)
    .filter(([field]) => !SHOWN.test(field))
    .map(([, reason]) => reason);
  const sections: [string, string][] = [
    ['product-general', __('Product')],
    ['product-pricing', __('Price and stock')],
    ['product-shipping', __('Shipping and unit price')],
    ['product-attributes', __('Attributes')],
    ...(form.type === 'variable' ? [['product-variations', __('Variations')] as [string, string]] : []),
    ['product-safety', __('Product safety')],
    ['product-images', __('Images')],
  ];
  return (
    <section ref={root} className="vitrine-product-editor" aria-labelledby="product-editor-heading">
      <EditorTopBar editor={editor} />
      <div role="status" className="vitrine-product-editor__notice">
        {editor.notice && (
          <Notice status={editor.notice.status} isDismissible={false}>
            {[editor.notice.text, ...unplaced].join(' ')}
          </Notice>
        )}
      </div>
      <nav aria-label={__('Sections of the product')} className="vitrine-product-editor__jump">
        {sections.map(([target, label]) => (
          <a key={target} href={`#${target}`}>
            {label}
          </a>
        ))}
      </nav>
      <div className="vitrine-product-editor__body">
        <div className="vitrine-product-editor__main">
          <GeneralSection form={form} errors={errors} change={change} />
          <PricingSection form={form} errors={errors} change={change} />
          <ShippingSection form={form} errors={errors} change={change} />
          <AttributesSection form={form} errors={errors} change={change} />
          {form.type === 'variable' && <VariationsSection editor={editor} />}
          {form.type === 'simple' && editor.variations.length > 0 && (
            <Notice status="warning" isDismissible={false}>
              {sprintf(
                __('Saved as a simple product, it loses its %d variations; it is then sold at the price set above.'),
                editor.variations.length,
              )}
            </Notice>
          )}
          <SafetySection form={form} errors={errors} change={change} />
        </div>
        <Sidebar form={form} errors={errors} change={change} />
      </div>
    </section>
  );
}

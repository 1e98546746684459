/**
 * The editor's side column, as WooCommerce's product screen has it: the status (who sees the product), the
 * categories, the brand and tags (suggested from those in use; a new one is typed), and the images.
 */
import { FormTokenField, SelectControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { PRODUCT_STATUSES, type WcProductStatus } from '../../api/woocommerce.js';
import { listNamedTerms } from '../data/products-api.js';
import { useRestData } from '../data/use-rest-data.js';
import { CategoryTree } from './category-tree.js';
import { FieldError, invalidProps } from './field-error.js';
import { ImageList } from './image-list.js';
import type { SectionProps } from './product-form.js';

const STATUS_LABELS: Record<WcProductStatus, string> = {
  publish: __('Published: in the shop'),
  draft: __('Draft'),
  pending: __('Pending review'),
  private: __('Private: managers only'),
};

const loadTags = () => listNamedTerms('tags');
const loadBrands = () => listNamedTerms('brands');
const names = (tokens: (string | { value: string })[]) => [
  ...new Set(tokens.map((token) => (typeof token === 'string' ? token : token.value).trim()).filter(Boolean)),
];

export function Sidebar({ form, errors, change }: SectionProps) {
  const tags = useRestData(loadTags).data;
  const brands = useRestData(loadBrands).data;
  return (
    <aside className="vitrine-product-editor__sidebar" aria-label={__('Publishing, categories and images')}>
      <section className="vitrine-product-editor__section" aria-labelledby="product-publish-heading">
        <h2 id="product-publish-heading">{__('Publish')}</h2>
        <SelectControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Status')}
          value={form.status}
          options={PRODUCT_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }))}
          onChange={(status) => change({ status: status as WcProductStatus })}
          {...invalidProps(errors, 'status')}
        />
        <FieldError errors={errors} field="status" />
      </section>
      <section className="vitrine-product-editor__section" aria-labelledby="product-filing-heading">
        <h2 id="product-filing-heading">{__('Categories, brand and tags')}</h2>
        <CategoryTree value={form.categories} onChange={(categories) => change({ categories })} errors={errors} />
        <FormTokenField
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          tokenizeOnBlur
          __experimentalExpandOnFocus
          label={__('Brand')}
          maxLength={1}
          help={__('One brand. Type to choose one in use, or a new one.')}
          suggestions={brands?.map((brand) => brand.name) ?? []}
          value={form.brand ? [form.brand] : []}
          onChange={(tokens) => change({ brand: names(tokens)[0] ?? '' })}
        />
        <FieldError errors={errors} field="brands" />
        <FormTokenField
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          tokenizeOnBlur
          label={__('Tags')}
          suggestions={tags?.map((tag) => tag.name) ?? []}
          value={form.tags}
          onChange={(tokens) => change({ tags: names(tokens) })}
        />
        <FieldError errors={errors} field="tags" />
      </section>
      <section className="vitrine-product-editor__section" aria-labelledby="product-images-heading" id="product-images">
        <h2 id="product-images-heading">{__('Images')}</h2>
        <p className="vitrine-help">{__('The first is the product\u2019s main image; the others make its gallery.')}</p>
        <ImageList
          images={form.images}
          onChange={(images) => change({ images })}
          context={form.name}
          errors={errors}
          field="images"
          errorPrefix="product"
        />
      </section>
    </aside>
  );
}

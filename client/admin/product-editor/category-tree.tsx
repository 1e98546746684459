/**
 * The categories as a tree of checkboxes, each under its parent, as WordPress's category box shows them. Checking a
 * subcategory does not check its parents: the product is filed where the manager puts it (a category's products
 * include its subcategories' in the shop's filter anyway).
 */
import { CheckboxControl, Spinner } from '@wordpress/components';
import { useMemo } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { WcCategory } from '../../api/woocommerce.js';
import { listAllCategories } from '../data/products-api.js';
import { useRestData } from '../data/use-rest-data.js';
import { FieldError, type FieldErrors } from './field-error.js';

interface Props {
  value: number[];
  onChange: (ids: number[]) => void;
  errors: FieldErrors;
}

function Branch({
  parent,
  childrenOf,
  value,
  onChange,
  seen,
}: { parent: number; childrenOf: Map<number, WcCategory[]>; seen: Set<number> } & Pick<Props, 'value' | 'onChange'>) {
  const items = (childrenOf.get(parent) ?? []).filter((category) => !seen.has(category.id));
  if (items.length === 0) return null;
  return (
    <ul className="vitrine-category-tree__level">
      {items.map((category) => (
        <li key={category.id}>
          <CheckboxControl
            __nextHasNoMarginBottom
            label={category.name}
            checked={value.includes(category.id)}
            onChange={(checked) =>
              onChange(checked ? [...value, category.id] : value.filter((id) => id !== category.id))
            }
          />
          <Branch
            parent={category.id}
            childrenOf={childrenOf}
            value={value}
            onChange={onChange}
            seen={new Set([...seen, category.id])}
          />
        </li>
      ))}
    </ul>
  );
}

export function CategoryTree({ value, onChange, errors }: Props) {
  const { data, error } = useRestData(listAllCategories);
  const childrenOf = useMemo(() => {
    const byParent = new Map<number, WcCategory[]>();
    const known = new Set((data ?? []).map((category) => category.id));
    for (const category of data ?? []) {
      // A category whose parent is missing is shown at the top, so that it can still be chosen.
      const parent = known.has(category.parent) ? category.parent : 0;
      byParent.set(parent, [...(byParent.get(parent) ?? []), category]);
    }
    for (const list of byParent.values()) list.sort((a, b) => a.name.localeCompare(b.name));
    return byParent;
  }, [data]);
  return (
    <fieldset className="vitrine-category-tree" id="product-categories">
      <legend>{__('Categories')}</legend>
      <FieldError errors={errors} field="categories" />
      {error && <p className="vitrine-field-error">{error}</p>}
      {!data && !error && <Spinner />}
      {data && data.length === 0 && <p>{__('The shop has no categories yet.')}</p>}
      <Branch parent={0} childrenOf={childrenOf} value={value} onChange={onChange} seen={new Set()} />
    </fieldset>
  );
}

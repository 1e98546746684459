/**
 * Writing product categories as WooCommerce's terms controller writes them: create, update, delete (forced only:
 * terms have no trash) and the batch, each one catalog change on the freshest catalog. Deleting follows
 * `wp_delete_term`: the category's children move up to its parent and its products lose it (this shop has no
 * "Uncategorized" to file them under instead). Knows no HTTP beyond the RestErrors it answers with.
 */
import { changeProducts } from '../catalog/catalog-writes.js';
import { slugify, type CatalogData, type Category, type Product } from '../catalog/model.js';
import { invalidParams, RestError } from '../rest/errors.js';
import type { CatalogEdit, Store } from '../store/store.js';
import type { BatchRequest } from './wc-product-writes.js';
import { invalidCategoryId } from './wc-errors.js';
import { isPlainObject, own } from './wc-body-reader.js';

const MAX_NAME = 200;

export interface WcCategory {
  id: number;
  name: string;
  slug: string;
  parent: number;
  description: string;
  display: string;
  image: null;
  menu_order: number;
  count: number;
}

export interface CategoryInput {
  name?: string;
  slug?: string;
  parent?: number;
}

export const wcCategory = (category: Category, count: number): WcCategory => ({
  id: category.id,
  name: category.name,
  slug: category.slug,
  parent: category.parent,
  description: '',
  display: 'default',
  image: null,
  menu_order: 0,
  count,
});

/**
 * A body's name, slug and parent; `description`, `display`, `image` and `menu_order` are not kept by this shop and
 * are ignored, as WooCommerce ignores fields it does not know.
 */
export function categoryInputOf(body: unknown): CategoryInput {
  if (!isPlainObject(body)) throw invalidParams({ body: 'The request body must be a JSON object.' });
  const problems: Record<string, string> = {};
  const input: CategoryInput = {};
  const name = own(body, 'name');
  if (name !== undefined) {
    if (typeof name !== 'string' || name.length > MAX_NAME)
      problems.name = `name must be text of at most ${MAX_NAME} characters.`;
    else input.name = name.trim();
  }
  const slug = own(body, 'slug');
  if (slug !== undefined && slug !== '') {
    if (typeof slug !== 'string' || slug.length > MAX_NAME || slugify(slug) === '')
      problems.slug = 'slug must be text with letters or digits.';
    else input.slug = slugify(slug);
  }
  const parent = own(body, 'parent');
  if (parent !== undefined && parent !== null) {
    const id = typeof parent === 'string' && /^\d+$/.test(parent) ? Number(parent) : parent;
    if (!Number.isSafeInteger(id) || (id as number) < 0)
      problems.parent = 'parent must be a category id, or 0 for none.';
    else input.parent = id as number;
  }
  if (Object.keys(problems).length) throw invalidParams(problems);
  return input;
}

const emptyName = () => new RestError('empty_term_name', 'A name is required for this term.', 400);
const parentMissing = () => new RestError('woocommerce_rest_term_invalid', 'Parent resource does not exist.', 404);
const slugTaken = (slug: string) =>
  new RestError('duplicate_term_slug', `The slug "${slug}" is already in use by another term.`, 400);

/** The categories and products of one change, changed in place; what it changed becomes one catalog edit. */
export class CategoryDraft {
  /** Replaced, never changed in place, so that an untouched draft still holds the stored array. */
  categories: readonly Category[];
  readonly #base: readonly Category[];
  readonly #products: readonly Product[];
  readonly #changed = new Map<number, Product>();

  constructor(catalog: CatalogData) {
    this.categories = this.#base = catalog.categories;
    this.#products = catalog.products;
  }

  find(id: number): Category {
    const category = this.categories.find((candidate) => candidate.id === id);
    if (!category) throw invalidCategoryId();
    return category;
  }

  count(id: number): number {
    return this.#products.reduce(
      (count, product) => count + ((this.#changed.get(product.id) ?? product).category_ids.includes(id) ? 1 : 0),
      0,
    );
  }

  create(input: CategoryInput): Category {
    if (!input.name) throw emptyName();
    const parent = this.#checkedParent(input.parent ?? 0);
    const twin = this.categories.find(
      (category) => category.parent === parent && category.name.toLowerCase() === input.name!.toLowerCase(),
    );
    if (twin)
      throw new RestError('term_exists', 'A term with the name provided already exists with this parent.', 400, {
        resource_id: twin.id,
      });
    if (input.slug && this.#slugHolder(input.slug)) throw slugTaken(input.slug);
    const id = this.categories.reduce((highest, category) => Math.max(highest, category.id), 0) + 1;
    const category = {
      id,
      name: input.name,
      slug: input.slug ?? this.#freeSlug(slugify(input.name) || `category-${id}`),
      parent,
    };
    this.categories = [...this.categories, category];
    return category;
  }

  update(id: number, input: CategoryInput): Category {
    const current = this.find(id);
    if (input.name === '') throw emptyName();
    const parent = input.parent === undefined ? current.parent : this.#checkedParent(input.parent);
    if (parent !== 0 && this.#ancestry(parent).includes(id)) {
      throw invalidParams({ parent: 'parent must not be the category itself or one of its subcategories.' });
    }
    if (input.slug && this.#slugHolder(input.slug, id)) throw slugTaken(input.slug);
    const updated = { ...current, name: input.name ?? current.name, slug: input.slug ?? current.slug, parent };
    this.categories = this.categories.map((category) => (category.id === id ? updated : category));
    return updated;
  }

  /** @returns the deleted category and how many products it had */
  delete(id: number): { category: Category; count: number } {
    const category = this.find(id);
    const count = this.count(id);
    this.categories = this.categories
      .filter((kept) => kept.id !== id)
      .map((kept) => (kept.parent === id ? { ...kept, parent: category.parent } : kept));
    for (const product of this.#products) {
      const current = this.#changed.get(product.id) ?? product;
      if (current.category_ids.includes(id))
        this.#changed.set(product.id, { ...current, category_ids: current.category_ids.filter((kept) => kept !== id) });
    }
    return { category, count };
  }

  /** What the change stored: the categories whole (as the store replaces them) and the products that lost one. */
  edit(): CatalogEdit | null {
    if (this.categories === this.#base) return null;
    return { upsert: [...this.#changed.values()], remove: [], categories: [...this.categories] };
  }

  #checkedParent(parent: number): number {
    if (parent !== 0 && !this.categories.some((category) => category.id === parent)) throw parentMissing();
    return parent;
  }

  /** The ids from `id` up to the top, `id` first. */
  #ancestry(id: number): number[] {
    const chain: number[] = [];
    for (
      let at: Category | undefined = this.categories.find((c) => c.id === id);
      at && !chain.includes(at.id);
      at = this.categories.find((c) => c.id === at!.parent)
    ) {
      chain.push(at.id);
    }
    return chain;
  }

  #slugHolder(slug: string, exceptId = 0): Category | undefined {
    return this.categories.find((category) => category.slug === slug && category.id !== exceptId);
  }

  /** WordPress numbers a name's slug when another term holds it. */
  #freeSlug(base: string): string {
    for (let suffix = 1; ; suffix++) {
      const candidate = suffix === 1 ? base : `${base}-${suffix}`;
      if (!this.#slugHolder(candidate)) return candidate;
    }
  }
}

/** Runs `work` on the freshest catalog's categories and stores what it changed; a throw stores nothing. */
export async function inCategoryDraft<T>(store: Store, work: (draft: CategoryDraft) => T): Promise<T> {
  const { result } = await changeProducts(store, (catalog) => {
    const draft = new CategoryDraft(catalog);
    const result = work(draft);
    return { edit: draft.edit(), result };
  });
  return result;
}

export type CategoryBatchItem = WcCategory | { id: number; error: ReturnType<RestError['toBody']> };

/** WooCommerce's batch: creates, then updates, then deletes (forced), each item on its own, all in one change. */
export function batchCategories(
  store: Store,
  request: BatchRequest,
): Promise<Record<'create' | 'update' | 'delete', CategoryBatchItem[]>> {
  const attempt = (id: number, run: () => WcCategory): CategoryBatchItem => {
    try {
      return run();
    } catch (error) {
      if (error instanceof RestError) return { id, error: error.toBody() };
      throw error;
    }
  };
  const idOf = (value: unknown) => {
    const raw = isPlainObject(value) ? own(value, 'id') : value;
    const id = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
    return Number.isSafeInteger(id) && (id as number) > 0 ? (id as number) : 0;
  };
  return inCategoryDraft(store, (draft) => ({
    create: request.create.map((body) =>
      attempt(0, () => {
        const category = draft.create(categoryInputOf(body));
        return wcCategory(category, draft.count(category.id));
      }),
    ),
    update: request.update.map((body) =>
      attempt(idOf(body), () => {
        const category = draft.update(idOf(body), categoryInputOf(body));
        return wcCategory(category, draft.count(category.id));
      }),
    ),
    delete: request.delete.map((value) =>
      attempt(idOf(value), () => {
        const { category, count } = draft.delete(idOf(value));
        return wcCategory(category, count);
      }),
    ),
  }));
}

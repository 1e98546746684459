/**
 * Categories and attribute definitions as an import finds them: a category path or attribute label is matched to the
 * catalog's own first (so ids and names stay stable across imports), and created only when it is new.
 */
import { slugify, type AttributeDefinition, type Category, type Product } from '../model.js';

export class CategoryResolver {
  readonly categories: Category[];
  readonly #byParentAndName = new Map<string, number>();
  readonly #slugs = new Set<string>();
  #lastId: number;

  constructor(base: readonly Category[]) {
    this.categories = base.map((category) => ({ ...category }));
    for (const category of this.categories) {
      this.#byParentAndName.set(`${category.parent}\u0000${category.name}`, category.id);
      this.#slugs.add(category.slug);
    }
    this.#lastId = this.categories.reduce((highest, category) => Math.max(highest, category.id), 0);
  }

  /** The id of the last category of a path of names, creating the missing ones under their parents. */
  idOf(names: readonly string[]): number {
    let parent = 0;
    for (const name of names) {
      const key = `${parent}\u0000${name}`;
      let id = this.#byParentAndName.get(key);
      if (id === undefined) {
        id = ++this.#lastId;
        let slug = slugify(name) || `category-${id}`;
        if (this.#slugs.has(slug)) slug = `${slug}-${id}`;
        this.#slugs.add(slug);
        this.categories.push({ id, slug, name, parent });
        this.#byParentAndName.set(key, id);
      }
      parent = id;
    }
    return parent;
  }

  /**
   * The categories that products use and their ancestors, in the catalog's order: a replaced catalog does not keep
   * empty categories of the old one. `keep` lists ids kept anyway (the old catalog's, in a merge).
   */
  used(products: readonly Product[], keep: ReadonlySet<number> = new Set()): Category[] {
    const byId = new Map(this.categories.map((category) => [category.id, category]));
    const wanted = new Set(keep);
    for (const product of products) {
      for (let id of product.category_ids) {
        while (id !== 0 && !wanted.has(id) && byId.has(id)) {
          wanted.add(id);
          id = byId.get(id)!.parent;
        }
      }
    }
    return this.categories.filter((category) => wanted.has(category.id));
  }
}

export class AttributeResolver {
  readonly attributes: AttributeDefinition[];
  readonly #byKey = new Map<string, string>();

  constructor(base: readonly AttributeDefinition[]) {
    this.attributes = base.map((attribute) => ({ ...attribute }));
    for (const attribute of this.attributes) {
      this.#byKey.set(attribute.name.toLowerCase(), attribute.name);
      this.#byKey.set(attribute.label.toLowerCase(), attribute.name);
    }
  }

  /** The attribute name for a CSV label (`Colour`, `pa_color` or `color`), defining a new attribute when unknown. */
  nameOf(label: string): string {
    const key = label.trim().replace(/^pa_/i, '').toLowerCase();
    let name = this.#byKey.get(key) ?? this.#byKey.get(label.trim().toLowerCase());
    if (name === undefined) {
      // Attribute names become facet sources (`attribute:<name>`), which config.ts accepts as [a-z0-9_]+.
      name = slugify(label).replaceAll('-', '_') || `attribute_${this.attributes.length + 1}`;
      while (this.attributes.some((attribute) => attribute.name === name)) name += '_';
      this.attributes.push({ name, label: label.trim() });
      this.#byKey.set(key, name);
      this.#byKey.set(name, name);
    }
    return name;
  }
}

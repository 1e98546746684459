/**
 * The demo shop's catalog: about 300 believable products in a small category tree, the same on every machine, in
 * one language: the shop's when it is seeded (Polish, English or German; words/ holds each language's words).
 * The plan below names things by the generator's keys, so every language gets the same products, prices, stock and
 * ids; the brands (Żubr Outdoor, Bałtyk, Fjällström, Maison Écru) stay as they are in every language, and show
 * diacritic-insensitive search at work. Large synthetic catalogs for benchmarks come from `vitrine catalog generate`.
 */
import { becomesVariable, withGeneratedVariations } from '../catalog/generated-variations.js';
import { SeededRandom } from '../catalog/seeded-random.js';
import { slugify, type CatalogData, type Category, type Product } from '../catalog/model.js';
import { FALLBACK_LANGUAGE, type Language } from '../i18n/languages.js';
import { demoSafetyMeta } from './demo-safety.js';
import { demoWords } from './words/demo-words.js';
import {
  demoTitle,
  type AdjectiveKey,
  type CategoryKey,
  type ColourKey,
  type DemoWords,
  type MaterialKey,
  type NounKey,
} from './words/vocabulary.js';

interface LeafPlan {
  name: CategoryKey;
  nouns: NounKey[];
  basePrice: number;
  sizes: readonly string[];
  materials: MaterialKey[];
}

interface DepartmentPlan {
  name: CategoryKey;
  children: LeafPlan[];
}

const CLOTHING_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const;
const SHOE_SIZES = ['36', '37', '38', '39', '40', '41', '42', '43', '44', '45'] as const;
const NO_SIZES: readonly string[] = [];

const DEPARTMENTS: DepartmentPlan[] = [
  {
    name: 'Women',
    children: [
      {
        name: 'Dresses',
        nouns: ['Dress', 'Maxi Dress', 'Wrap Dress', 'Shirt Dress'],
        basePrice: 189,
        sizes: CLOTHING_SIZES,
        materials: ['Cotton', 'Linen', 'Viscose', 'Silk'],
      },
      {
        name: 'Tops',
        nouns: ['Blouse', 'T-Shirt', 'Tank Top', 'Sweater'],
        basePrice: 89,
        sizes: CLOTHING_SIZES,
        materials: ['Cotton', 'Linen', 'Wool', 'Viscose'],
      },
      {
        name: 'Coats & Jackets',
        nouns: ['Trench Coat', 'Puffer Jacket', 'Blazer', 'Parka'],
        basePrice: 349,
        sizes: CLOTHING_SIZES,
        materials: ['Wool', 'Polyester', 'Cotton'],
      },
    ],
  },
  {
    name: 'Men',
    children: [
      {
        name: 'Shirts',
        nouns: ['Oxford Shirt', 'Flannel Shirt', 'Polo', 'Linen Shirt'],
        basePrice: 129,
        sizes: CLOTHING_SIZES,
        materials: ['Cotton', 'Linen', 'Flannel'],
      },
      {
        name: 'Trousers',
        nouns: ['Chinos', 'Jeans', 'Cargo Trousers', 'Joggers'],
        basePrice: 159,
        sizes: CLOTHING_SIZES,
        materials: ['Cotton', 'Denim', 'Polyester'],
      },
      {
        name: 'Outerwear',
        nouns: ['Rain Jacket', 'Field Jacket', 'Down Vest', 'Overcoat'],
        basePrice: 399,
        sizes: CLOTHING_SIZES,
        materials: ['Wool', 'Polyester', 'Leather'],
      },
    ],
  },
  {
    name: 'Shoes',
    children: [
      {
        name: 'Sneakers',
        nouns: ['Runner', 'Court Sneaker', 'Trail Shoe', 'Slip-On'],
        basePrice: 299,
        sizes: SHOE_SIZES,
        materials: ['Leather', 'Canvas', 'Mesh'],
      },
      {
        name: 'Boots',
        nouns: ['Chelsea Boot', 'Hiking Boot', 'Ankle Boot', 'Winter Boot'],
        basePrice: 449,
        sizes: SHOE_SIZES,
        materials: ['Leather', 'Suede', 'Rubber'],
      },
      {
        name: 'Sandals',
        nouns: ['Sandal', 'Slide', 'Espadrille'],
        basePrice: 149,
        sizes: SHOE_SIZES,
        materials: ['Leather', 'Canvas', 'Cork'],
      },
    ],
  },
  {
    name: 'Home',
    children: [
      {
        name: 'Kitchen',
        nouns: ['Mug Set', 'Chef Knife', 'Cast Iron Pan', 'Teapot'],
        basePrice: 119,
        sizes: NO_SIZES,
        materials: ['Ceramic', 'Steel', 'Cast Iron', 'Glass'],
      },
      {
        name: 'Decor',
        nouns: ['Vase', 'Table Lamp', 'Wall Mirror', 'Candle Holder'],
        basePrice: 139,
        sizes: NO_SIZES,
        materials: ['Ceramic', 'Glass', 'Wood', 'Brass'],
      },
      {
        name: 'Textiles',
        nouns: ['Throw Blanket', 'Cushion Cover', 'Bath Towel', 'Rug'],
        basePrice: 99,
        sizes: NO_SIZES,
        materials: ['Wool', 'Cotton', 'Linen'],
      },
    ],
  },
  {
    name: 'Accessories',
    children: [
      {
        name: 'Bags',
        nouns: ['Tote Bag', 'Backpack', 'Crossbody Bag', 'Weekender'],
        basePrice: 229,
        sizes: NO_SIZES,
        materials: ['Leather', 'Canvas', 'Nylon'],
      },
      {
        name: 'Watches',
        nouns: ['Field Watch', 'Dress Watch', 'Diver Watch'],
        basePrice: 599,
        sizes: NO_SIZES,
        materials: ['Steel', 'Titanium', 'Leather'],
      },
      {
        name: 'Scarves & Hats',
        nouns: ['Scarf', 'Beanie', 'Bucket Hat', 'Wool Cap'],
        basePrice: 69,
        sizes: ['S/M', 'L/XL'],
        materials: ['Wool', 'Cashmere', 'Cotton'],
      },
    ],
  },
];

const TOP_LEVEL: { name: CategoryKey; departments: CategoryKey[] }[] = [
  { name: 'Clothing', departments: ['Women', 'Men'] },
  { name: 'Shoes', departments: ['Shoes'] },
  { name: 'Home', departments: ['Home'] },
  { name: 'Accessories', departments: ['Accessories'] },
];

const BRANDS = [
  'Nordkapp',
  'Żubr Outdoor',
  'Bałtyk',
  'Atelier Lumen',
  'Verano',
  'Kestrel',
  'Fjällström',
  'Oakridge',
  'Mistral',
  'Tatra Gear',
  'Urban Fox',
  'Maison Écru',
];
const COLOURS: ColourKey[] = [
  'Black',
  'White',
  'Navy',
  'Grey',
  'Red',
  'Green',
  'Blue',
  'Beige',
  'Brown',
  'Pink',
  'Yellow',
  'Écru',
];
const ADJECTIVES: AdjectiveKey[] = [
  'Classic',
  'Everyday',
  'Relaxed',
  'Slim',
  'Heritage',
  'Essential',
  'Coastal',
  'Alpine',
  'Studio',
  'Vintage',
  'Modern',
  'Soft',
];
/** Words that describe clothes, not a knife or a vase ("Slim Glass Chef Knife" reads like a generator). */
const WEARABLE_ONLY = new Set<AdjectiveKey>(['Relaxed', 'Slim', 'Soft']);
/**
 * Nouns whose department's materials do not all fit: a chef knife is steel, a mug set not cast iron. Null: the noun
 * names its material itself ("Cast Iron Pan", "Linen Shirt"); never "Linen Linen Shirt".
 */
const NOUN_MATERIALS: Partial<Record<NounKey, readonly (MaterialKey | null)[]>> = {
  'Mug Set': ['Ceramic', 'Glass'],
  'Chef Knife': ['Steel'],
  'Cast Iron Pan': [null],
  Teapot: ['Ceramic', 'Glass', 'Cast Iron'],
  Vase: ['Ceramic', 'Glass'],
  'Table Lamp': ['Ceramic', 'Brass', 'Wood'],
  'Wall Mirror': ['Wood', 'Brass'],
  'Candle Holder': ['Brass', 'Glass', 'Ceramic'],
  'Bath Towel': ['Cotton', 'Linen'],
  Rug: ['Wool', 'Cotton'],
  'Wool Cap': [null],
  'Linen Shirt': [null],
  'Flannel Shirt': [null],
  Jeans: ['Denim'],
  'Field Watch': ['Steel', 'Titanium'],
  'Dress Watch': ['Steel'],
  'Diver Watch': ['Steel', 'Titanium'],
  'Down Vest': ['Nylon', 'Polyester'],
  'Puffer Jacket': ['Nylon', 'Polyester'],
  'Rain Jacket': ['Nylon', 'Polyester'],
  'Trail Shoe': ['Mesh', 'Leather'],
  Runner: ['Mesh', 'Canvas'],
  'Winter Boot': ['Leather', 'Suede'],
  'Hiking Boot': ['Leather', 'Suede'],
};

const DEMO_SEED = 20260101;
const NEWEST_DATE = Date.UTC(2026, 9, 1);
const DAY_MS = 86_400_000;

function buildCategories(words: DemoWords): { categories: Category[]; leaves: Map<number, LeafPlan> } {
  const categories: Category[] = [];
  const leaves = new Map<number, LeafPlan>();
  const add = (key: CategoryKey, parent: number, slugPrefix = ''): number => {
    const id = categories.length + 1;
    const name = words.categories[key];
    categories.push({ id, name, parent, slug: slugify(`${slugPrefix}${name}`) });
    return id;
  };
  for (const top of TOP_LEVEL) {
    const topId = add(top.name, 0);
    for (const departmentName of top.departments) {
      const department = DEPARTMENTS.find((d) => d.name === departmentName)!;
      const parentId = top.departments.length > 1 ? add(department.name, topId) : topId;
      const prefix = top.departments.length > 1 ? `${words.categories[department.name]} ` : '';
      for (const child of department.children) leaves.set(add(child.name, parentId, prefix), child);
    }
  }
  return { categories, leaves };
}

function roundPrice(value: number): number {
  return Math.max(9, Math.round(value)) - 0.01;
}

/**
 * A title no other product has, with no word twice: adjective, material and noun, trying other adjectives (only
 * wearable ones for clothes and shoes) before naming the colour, then a number, as a real shop would.
 */
function uniqueTitle(
  random: SeededRandom,
  words: DemoWords,
  wearable: boolean,
  material: MaterialKey | null,
  noun: NounKey,
  colour: ColourKey,
  used: ReadonlySet<string>,
): string {
  const adjectives = ADJECTIVES.filter((adjective) => wearable || !WEARABLE_ONLY.has(adjective));
  const first = adjectives.indexOf(random.pick(adjectives));
  const candidates = adjectives.map((_, at) =>
    demoTitle(words, adjectives[(first + at) % adjectives.length]!, material, noun),
  );
  candidates.push(...candidates.map((title) => `${title} ${words.colours[colour].phrase}`));
  const fresh = candidates.find((title) => !used.has(title) && !hasDoubledWord(title));
  if (fresh) return fresh;
  for (let number = 2; ; number++) if (!used.has(`${candidates[0]} ${number}`)) return `${candidates[0]} ${number}`;
}

function hasDoubledWord(title: string): boolean {
  const words = title.toLowerCase().split(/\s+/);
  return new Set(words).size !== words.length;
}

/**
 * @param count how many products; the demo shop uses 300.
 * @param language the language of its words; the numbers are the same in each
 */
export function buildDemoCatalog(count = 300, language: Language = FALLBACK_LANGUAGE): CatalogData {
  const words = demoWords(language);
  const random = new SeededRandom(DEMO_SEED);
  const { categories, leaves } = buildCategories(words);
  const leafIds = [...leaves.keys()];
  const products: Product[] = [];
  const usedSlugs = new Set<string>();
  // Variation ids follow the products', as WooCommerce's share one sequence of post ids.
  let nextVariationId = count + 1;
  const usedTitles = new Set<string>();
  for (let id = 1; id <= count; id++) {
    const leafId = leafIds[(id - 1) % leafIds.length]!;
    const plan = leaves.get(leafId)!;
    const noun = random.pick(plan.nouns);
    const material = random.pick<MaterialKey | null>(NOUN_MATERIALS[noun] ?? plan.materials);
    // One colour per product, the one its picture shows: a product listed under "Black" is black.
    const colour = random.pick(COLOURS);
    const title = uniqueTitle(random, words, plan.sizes.length > 0, material, noun, colour, usedTitles);
    const materialWords = material ? words.materials[material] : null;
    const colourWords = words.colours[colour];
    usedTitles.add(title);
    let slug = slugify(title);
    if (usedSlugs.has(slug)) slug = `${slug}-${id}`;
    usedSlugs.add(slug);
    const regular = roundPrice(plan.basePrice * Math.exp(random.normal(0, 0.35)));
    const onSale = random.chance(0.2);
    const rated = random.chance(0.9);
    const brand = BRANDS[Math.min(BRANDS.length - 1, Math.floor(BRANDS.length * random.next() ** 1.6))]!;
    const inStock = random.chance(0.85);
    const product: Product = {
      id,
      slug,
      title,
      description: words.describe({
        title,
        brand,
        material: materialWords,
        colour: colourWords,
        category: words.categories[plan.name],
      }),
      sku: `VT-${String(id).padStart(5, '0')}`,
      category_ids: [leafId],
      brand,
      attributes: {
        color: [colourWords.name],
        size: plan.sizes.length ? random.sample(plan.sizes, random.integer(2, plan.sizes.length)) : [],
        material: materialWords ? [materialWords.name] : [],
      },
      regular_price: regular,
      sale_price: onSale ? roundPrice(regular * (0.6 + random.next() * 0.3)) : null,
      rating: rated ? Math.round((2.5 + random.next() * 2.5) * 10) / 10 : 0,
      rating_count: rated ? random.integer(1, 400) : 0,
      in_stock: inStock,
      stock_quantity: inStock ? random.integer(1, 120) : 0,
      total_sales: Math.floor(Math.exp(random.normal(3, 1.2))),
      created_at: new Date(NEWEST_DATE - random.integer(0, 730) * DAY_MS).toISOString(),
      image: `/media/products/${id}.svg`,
      meta: demoSafetyMeta(brand, { noun, material }, words),
    };
    if (becomesVariable(product)) {
      const variable = withGeneratedVariations(product, nextVariationId);
      nextVariationId += variable.used;
      products.push(variable.product);
    } else {
      products.push(product);
    }
  }
  return {
    categories,
    attributes: [
      { name: 'color', label: words.attributeLabels.color },
      { name: 'size', label: words.attributeLabels.size },
      { name: 'material', label: words.attributeLabels.material },
    ],
    products,
  };
}

/**
 * The demo shop's vocabulary in each language it is seeded in: one word table per language (en.ts, pl.ts, de.ts),
 * keyed by the generator's own names of nouns, adjectives, materials and colours, and the one way titles are put
 * together from them.
 *
 * The words live here rather than in the message catalogue (server/i18n/messages/<language>/seed.json, where the
 * demo's page texts are) because a title is built, not translated: a Polish adjective takes the gender of its noun
 * ("klasyczna sukienka", "klasyczny sweter", "klasyczne buty"), a material may describe another word of the phrase
 * ("zestaw kubków ceramicznych"), and each language puts the material elsewhere ("Linen Dress", "sukienka lniana",
 * "Kleid aus Leinen"). A flat catalogue of whole texts cannot hold genders and forms; a table can, and the compiler
 * checks that every language names every word the generator picks. The rest of the catalog's words (descriptions,
 * the pantry, safety warnings) stay beside them, so that one file holds a language's whole demo catalog.
 *
 * The generator picks keys, never words, so the random choices, and with them every id, price, stock figure and
 * variation, are the same in every language; only the words differ.
 */
/** Masculine, feminine, neuter singular, and plural (a Polish plural of things, a German plural). */
export type Gender = 'm' | 'f' | 'n' | 'p';
/** A material's word in a title: agreeing with the noun's gender, or the genitive plural of a noun's complement. */
export type MaterialForm = Gender | 'gp';

export type CategoryKey =
  | 'Clothing'
  | 'Women'
  | 'Men'
  | 'Dresses'
  | 'Tops'
  | 'Coats & Jackets'
  | 'Shirts'
  | 'Trousers'
  | 'Outerwear'
  | 'Shoes'
  | 'Sneakers'
  | 'Boots'
  | 'Sandals'
  | 'Home'
  | 'Kitchen'
  | 'Decor'
  | 'Textiles'
  | 'Accessories'
  | 'Bags'
  | 'Watches'
  | 'Scarves & Hats'
  | 'Pantry';

export type NounKey =
  | 'Dress'
  | 'Maxi Dress'
  | 'Wrap Dress'
  | 'Shirt Dress'
  | 'Blouse'
  | 'T-Shirt'
  | 'Tank Top'
  | 'Sweater'
  | 'Trench Coat'
  | 'Puffer Jacket'
  | 'Blazer'
  | 'Parka'
  | 'Oxford Shirt'
  | 'Flannel Shirt'
  | 'Polo'
  | 'Linen Shirt'
  | 'Chinos'
  | 'Jeans'
  | 'Cargo Trousers'
  | 'Joggers'
  | 'Rain Jacket'
  | 'Field Jacket'
  | 'Down Vest'
  | 'Overcoat'
  | 'Runner'
  | 'Court Sneaker'
  | 'Trail Shoe'
  | 'Slip-On'
  | 'Chelsea Boot'
  | 'Hiking Boot'
  | 'Ankle Boot'
  | 'Winter Boot'
  | 'Sandal'
  | 'Slide'
  | 'Espadrille'
  | 'Mug Set'
  | 'Chef Knife'
  | 'Cast Iron Pan'
  | 'Teapot'
  | 'Vase'
  | 'Table Lamp'
  | 'Wall Mirror'
  | 'Candle Holder'
  | 'Throw Blanket'
  | 'Cushion Cover'
  | 'Bath Towel'
  | 'Rug'
  | 'Tote Bag'
  | 'Backpack'
  | 'Crossbody Bag'
  | 'Weekender'
  | 'Field Watch'
  | 'Dress Watch'
  | 'Diver Watch'
  | 'Scarf'
  | 'Beanie'
  | 'Bucket Hat'
  | 'Wool Cap';

export type AdjectiveKey =
  | 'Classic'
  | 'Everyday'
  | 'Relaxed'
  | 'Slim'
  | 'Heritage'
  | 'Essential'
  | 'Coastal'
  | 'Alpine'
  | 'Studio'
  | 'Vintage'
  | 'Modern'
  | 'Soft';

export type MaterialKey =
  | 'Cotton'
  | 'Linen'
  | 'Viscose'
  | 'Silk'
  | 'Wool'
  | 'Polyester'
  | 'Flannel'
  | 'Denim'
  | 'Leather'
  | 'Canvas'
  | 'Mesh'
  | 'Suede'
  | 'Rubber'
  | 'Cork'
  | 'Ceramic'
  | 'Steel'
  | 'Cast Iron'
  | 'Glass'
  | 'Wood'
  | 'Brass'
  | 'Nylon'
  | 'Titanium'
  | 'Cashmere';

export type ColourKey =
  | 'Black'
  | 'White'
  | 'Navy'
  | 'Grey'
  | 'Red'
  | 'Green'
  | 'Blue'
  | 'Beige'
  | 'Brown'
  | 'Pink'
  | 'Yellow'
  | 'Écru';

/** What a product is, as its title names it. */
export interface Noun {
  /** The noun phrase, `{material}` where the material's word goes (a phrase without it names no material). */
  text: string;
  gender: Gender;
  /** The material's form in the phrase, when it describes another word than the head (default: the gender). */
  materialForm?: MaterialForm;
}

export interface Material {
  /** The material as an attribute term and in descriptions ("Linen", "Len", "Leinen"). */
  name: string;
  /** Its word in a title: one for all ("Linen", "aus Leinen"), or an adjective's form per gender ("lniana"). */
  inTitle: string | Readonly<Record<MaterialForm, string>>;
}

export interface Colour {
  /** The colour as an attribute term, the facet's label, whose swatch is found by this name. */
  name: string;
  /** How a title names it when it must tell two products apart ("in Black", "w kolorze czarnym"). */
  phrase: string;
}

/** What a product's description says, in words of its language. */
export interface DescribedProduct {
  title: string;
  brand: string;
  material: Material | null;
  colour: Colour;
  /** The name of the product's category. */
  category: string;
}

export interface PantryWords {
  title: string;
  description: string;
}

export type WarningKey = 'blade' | 'hot' | 'candle' | 'lamp' | 'battery';

export interface DemoWords {
  categories: Readonly<Record<CategoryKey, string>>;
  nouns: Readonly<Record<NounKey, Noun>>;
  adjectives: Readonly<Record<AdjectiveKey, Readonly<Record<Gender, string>>>>;
  materials: Readonly<Record<MaterialKey, Material>>;
  colours: Readonly<Record<ColourKey, Colour>>;
  attributeLabels: Readonly<Record<'color' | 'size' | 'material', string>>;
  describe(product: DescribedProduct): string;
  /** The pantry's coffee, olive oil and honey, in that order. */
  pantry: readonly [PantryWords, PantryWords, PantryWords];
  /** The coffee's own delivery time. */
  pantryDeliveryTime: string;
  /** Safety warnings by what a product is (demo-safety.ts). */
  warnings: Readonly<Record<WarningKey, string>>;
  /** The name of the documents link every brand with safety information gives. */
  declarationOfConformity: string;
}

/** An adjective that never changes (English). */
export const invariable = (word: string): Record<Gender, string> => ({ m: word, f: word, n: word, p: word });

/**
 * A title: the adjective in the noun's gender, then the noun phrase with the material's word in its place; the first
 * letter capital, as a title starts.
 * @example demoTitle(demoWords('pl'), 'Classic', 'Ceramic', 'Mug Set') === 'Klasyczny zestaw kubków ceramicznych'
 */
export function demoTitle(
  words: DemoWords,
  adjective: AdjectiveKey,
  material: MaterialKey | null,
  noun: NounKey,
): string {
  const { text, gender, materialForm } = words.nouns[noun];
  const inTitle = material ? words.materials[material].inTitle : '';
  const materialWord = typeof inTitle === 'string' ? inTitle : inTitle[materialForm ?? gender];
  const title = `${words.adjectives[adjective][gender]} ${text.replace('{material}', materialWord)}`
    .replace(/\s+/g, ' ')
    .trim();
  return title.charAt(0).toUpperCase() + title.slice(1);
}

/**
 * Word lists for the synthetic catalog: the department tree, brand syllables, colours, sizes and materials.
 * Kept apart from the generator so that the generator reads as the recipe and this file as the ingredients.
 */

/** Which size scale a department's products carry, if any. */
export type SizeScale = 'apparel' | 'shoes' | 'none';

export interface DepartmentSpec {
  name: string;
  sizes: SizeScale;
  /** Second-level categories as `Plural name|Singular noun used in product titles`. */
  sections: string[];
}

export const DEPARTMENTS: DepartmentSpec[] = [
  {
    name: 'Women',
    sizes: 'apparel',
    sections: ['Dresses|Dress', 'Blouses|Blouse', 'Skirts|Skirt', 'Jeans|Jeans', 'Jackets|Jacket'],
  },
  {
    name: 'Men',
    sizes: 'apparel',
    sections: ['Shirts|Shirt', 'T-Shirts|T-Shirt', 'Trousers|Trousers', 'Sweaters|Sweater', 'Coats|Coat'],
  },
  {
    name: 'Shoes',
    sizes: 'shoes',
    sections: ['Sneakers|Sneaker', 'Boots|Boot', 'Sandals|Sandal', 'Loafers|Loafer', 'Running Shoes|Running Shoe'],
  },
  {
    name: 'Home & Living',
    sizes: 'none',
    sections: ['Sofas|Sofa', 'Lamps|Lamp', 'Rugs|Rug', 'Cushions|Cushion', 'Curtains|Curtain'],
  },
  {
    name: 'Kitchen',
    sizes: 'none',
    sections: ['Cookware|Pan', 'Knives|Knife', 'Mugs|Mug', 'Kettles|Kettle', 'Storage Jars|Jar'],
  },
  {
    name: 'Sports',
    sizes: 'apparel',
    sections: [
      'Yoga|Yoga Mat',
      'Cycling|Cycling Jersey',
      'Hiking|Hiking Jacket',
      'Swimming|Swimsuit',
      'Fitness|Training Top',
    ],
  },
  {
    name: 'Kids',
    sizes: 'apparel',
    sections: ['Baby Clothes|Bodysuit', 'Toys|Toy', 'School Bags|Backpack', 'Pyjamas|Pyjama Set', 'Rainwear|Raincoat'],
  },
  {
    name: 'Accessories',
    sizes: 'none',
    sections: ['Bags|Bag', 'Belts|Belt', 'Scarves|Scarf', 'Hats|Hat', 'Wallets|Wallet'],
  },
];

/** Third-level categories: each section splits into these, e.g. `Classic Dresses`, `Organic Dresses`. */
export const LEAF_QUALIFIERS = ['Classic', 'Everyday', 'Premium', 'Organic', 'Outdoor'];

export const BRAND_ONSETS = [
  'Al',
  'Bor',
  'Ca',
  'Dre',
  'El',
  'Fin',
  'Gra',
  'Hal',
  'Ix',
  'Jo',
  'Kor',
  'Lu',
  'Mar',
  'No',
  'Os',
  'Pra',
  'Quin',
  'Ro',
  'Sa',
  'Tor',
  'Ul',
  'Ve',
  'Wil',
  'Xa',
  'Yor',
  'Ze',
  'Łu',
  'Śro',
];
export const BRAND_MIDDLES = ['', 'a', 'e', 'i', 'o', 'u', 'ra', 'li', 'ven', 'no', 'ta', 'mé'];
export const BRAND_CODAS = ['n', 'x', 'la', 'ra', 'son', 'tek', 'line', 'wood', 'form', 'ska', 'ico', 'ard'];

export const COLORS = [
  'Black',
  'White',
  'Grey',
  'Navy',
  'Blue',
  'Red',
  'Green',
  'Olive',
  'Beige',
  'Brown',
  'Pink',
  'Purple',
  'Orange',
  'Yellow',
  'Żółty',
  'Crème',
];
export const APPAREL_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
export const SHOE_SIZES = ['36', '37', '38', '39', '40', '41', '42', '43', '44', '45', '46'];
export const MATERIALS = [
  'Cotton',
  'Linen',
  'Wool',
  'Polyester',
  'Leather',
  'Denim',
  'Bamboo',
  'Steel',
  'Ceramic',
  'Oak',
  'Glass',
  'Recycled Plastic',
];
export const ADJECTIVES = [
  'Classic',
  'Slim',
  'Relaxed',
  'Vintage',
  'Modern',
  'Cosy',
  'Light',
  'Sturdy',
  'Soft',
  'Bold',
  'Essential',
  'Compact',
  'Elegant',
  'Rugged',
];
export const DESCRIPTION_OPENERS = [
  'Made to last',
  'Designed for everyday use',
  'A customer favourite',
  'Carefully finished',
  'Easy to care for',
];

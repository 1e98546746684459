/**
 * A catalog with pictures in the media library: "Rated Scarf" with three pictures (two with text alternatives), and
 * "Two Colour Sweater", whose green variation (32) has a picture of its own and whose red one (31) has none.
 */
import type { Product } from '../../../server/catalog/model.js';
import type { Store } from '../../../server/store/store.js';
import { pictureBytes } from './image-server.js';
import { SMALL_CATALOG } from './small-catalog.js';

export interface GalleryCatalog {
  /** The scarf's pictures in order, as stored in the media library. */
  pictures: { id: number; name: string; alt: string }[];
  /** The green variation's picture. */
  variationPicture: { id: number; name: string };
  sweaterSlug: string;
}

export async function useGalleryCatalog(store: Store): Promise<GalleryCatalog> {
  const pictures: GalleryCatalog['pictures'] = [];
  let variationPicture = { id: 0, name: 'green' };
  for (const [name, colour, alt] of [
    ['front', '#aa2222', 'The scarf from the front'],
    ['back', '#22aa22', 'The scarf from the back'],
    ['folded', '#2222aa', ''],
    ['green', '#00ff00', ''],
  ] as const) {
    const item = await store.media.add(
      { filename: `${name}.jpg`, title: name, mime_type: 'image/jpeg', author_id: 1 },
      await pictureBytes('jpeg', colour, 400, 400),
    );
    if (name === 'green') variationPicture = { id: item.id, name };
    else pictures.push({ id: item.id, name, alt });
  }
  const { products, ...meta } = structuredClone(SMALL_CATALOG);
  const [front, ...gallery] = pictures.map((picture) => `/media/uploads/${picture.id}/${picture.name}.jpg`);
  products[0]!.image = front!;
  products[0]!.gallery = gallery;
  products[0]!.image_alts = pictures.map((picture) => picture.alt);
  const variation = { regular_price: 100, sale_price: null, in_stock: true, stock_quantity: 5 };
  const sweater: Product = {
    ...structuredClone(products[2]!),
    id: 30,
    slug: 'two-colour-sweater',
    title: 'Two Colour Sweater',
    type: 'variable',
    attributes: { color: ['Red', 'Green'] },
    variations: [
      { ...variation, id: 31, sku: 'SW-R', attributes: { color: 'Red' } },
      {
        ...variation,
        id: 32,
        sku: 'SW-G',
        attributes: { color: 'Green' },
        image: `/media/uploads/${variationPicture.id}/green.jpg`,
        image_alt: 'The green sweater',
      },
    ],
  };
  await store.catalog.replace(meta, [...products, sweater]);
  return { pictures, variationPicture, sweaterSlug: sweater.slug };
}

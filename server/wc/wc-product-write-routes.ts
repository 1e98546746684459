/**
 * `wc/v3` writes: create, update and delete products and their variations, and the products batch, answered in the
 * shape of the GET routes (201 and a Location for creates) with WooCommerce's error codes. Thin: the body is read by
 * wc-product-input.ts, the change is made by wc-product-writes.ts. Deleting needs `force=true`: the catalog keeps no
 * trash, and WooCommerce answers 501 `woocommerce_rest_trash_not_supported` where it cannot trash.
 *
 * Images given by address (`images[].src`) are brought into the media library after the write, in a job: the answer
 * does not wait for them (WooCommerce would), and names the job in `X-Vitrine-Image-Fetch`; each product's picture
 * becomes the library's own address when its image arrives, and a failing address is reported by its field.
 * Images named by a media library item's `id` take that item at once (wc-product-images.ts).
 */
import { wooProduct, wooVariation } from '../catalog/woo-product-json.js';
import type { Config } from '../config.js';
import { imageFetchJobPath, type ImageFetchJobs } from '../media/image-fetch-jobs.js';
import { apiImageSources } from '../media/image-sources.js';
import type { ArgSchemas } from '../rest/args.js';
import type { RestRegistry } from '../rest/registry.js';
import { RestResponse, endpoint, type EndpointDefinition } from '../rest/route.js';
import type { Store } from '../store/store.js';
import { cannotBatch, cannotCreate, cannotDelete, cannotEdit, trashNotSupported } from './wc-errors.js';
import {
  createVariation,
  deleteVariation,
  updateProduct,
  updateVariation,
  createProduct,
  deleteProduct,
} from './wc-product-changes.js';
import { batchWithMediaImages, withMediaImages } from './wc-product-images.js';
import { NAMESPACE, PARENT_ID, PRODUCT_ID } from './wc-product-routes.js';
import {
  assertNoId,
  batchProducts,
  batchRequestOf,
  inCatalogDraft,
  productInputOf,
  variationInputOf,
  type BatchItemResult,
  type BatchRequest,
  type BatchResult,
} from './wc-product-writes.js';
import { itemIdsOf, shapeContext, shopTimeZone } from './wc-shape.js';

const FORCE = {
  force: { type: 'boolean', description: 'Whether to bypass trash and force deletion.', default: false },
} as const satisfies ArgSchemas;

export function registerWcProductWriteRoutes(
  registry: RestRegistry,
  deps: { store: Store; config: Pick<Config, 'siteUrl' | 'restRoot'>; imageJobs: ImageFetchJobs },
): void {
  const { store } = deps;
  const now = () => new Date().toISOString();
  const location = (path: string) => ({
    Location: `${deps.config.siteUrl}${deps.config.restRoot}/${NAMESPACE}${path}`,
  });
  /** Starts fetching the images the stored writes named; the header that names the job, or none. */
  const fetchImages = (writes: Parameters<typeof apiImageSources>[0]): Record<string, string> => {
    const job = deps.imageJobs.start(apiImageSources(writes));
    return job
      ? { 'X-Vitrine-Image-Fetch': `${deps.config.siteUrl}${deps.config.restRoot}${imageFetchJobPath(job.json.id)}` }
      : {};
  };
  /** What every write endpoint shares: `manage_shop`, refused with WooCommerce's error for the method. */
  const write = (methods: EndpointDefinition['methods'], forbidden: EndpointDefinition['forbidden']) =>
    ({ methods, permission: 'manage_shop', forbidden }) as const;

  registry.register({
    namespace: NAMESPACE,
    path: '/products',
    endpoints: [
      endpoint({
        ...write(['POST'], cannotCreate),
        handler: async ({ body }) => {
          assertNoId(body, 'product');
          const input = productInputOf(
            await withMediaImages(store, body),
            shopTimeZone(store),
            store.site.data.taxes.classes,
          );
          const product = await inCatalogDraft(store, (draft) => createProduct(draft, input, now()));
          const headers = {
            ...location(`/products/${product.id}`),
            ...fetchImages([{ prefix: '', images: input.images }]),
          };
          return new RestResponse(wooProduct(product, await shapeContext(deps, itemIdsOf([product]))), 201, headers);
        },
      }),
    ],
  });

  registry.register({
    namespace: NAMESPACE,
    path: '/products/(?P<id>[\\d]+)',
    endpoints: [
      endpoint({
        ...write(['PUT', 'PATCH'], cannotEdit),
        args: PRODUCT_ID,
        handler: async ({ params, body }) => {
          const input = productInputOf(
            await withMediaImages(store, body),
            shopTimeZone(store),
            store.site.data.taxes.classes,
          );
          const product = await inCatalogDraft(store, (draft) => updateProduct(draft, params.id, input));
          const headers = fetchImages([{ prefix: '', images: input.images }]);
          return new RestResponse(wooProduct(product, await shapeContext(deps, itemIdsOf([product]))), 200, headers);
        },
      }),
      endpoint({
        ...write(['DELETE'], cannotDelete),
        args: { ...PRODUCT_ID, ...FORCE },
        handler: async ({ params }) => {
          const product = await inCatalogDraft(store, (draft) => {
            // The id is checked first, so an unknown product is a 404 whether or not `force` was sent.
            const removed = deleteProduct(draft, params.id);
            if (!params.force) throw trashNotSupported('product');
            return removed;
          });
          return wooProduct(product, await shapeContext(deps, itemIdsOf([product])));
        },
      }),
    ],
  });

  registry.register({
    namespace: NAMESPACE,
    path: '/products/batch',
    endpoints: [
      endpoint({
        ...write(['POST', 'PUT', 'PATCH'], cannotBatch),
        handler: async ({ body }) => {
          const request = await batchWithMediaImages(store, batchRequestOf(body));
          const result = await batchProducts(store, request, shopTimeZone(store), now());
          const all = [...result.create, ...result.update, ...result.delete].flatMap((item) =>
            'product' in item ? [item.product] : [],
          );
          const shape = await shapeContext(deps, itemIdsOf(all));
          const answer = (items: BatchItemResult[]) =>
            items.map((item) =>
              'product' in item ? wooProduct(item.product, shape) : { id: item.id, error: item.error.toBody() },
            );
          const headers = fetchImages(batchImageWrites(request, result));
          return new RestResponse(
            { create: answer(result.create), update: answer(result.update), delete: answer(result.delete) },
            200,
            headers,
          );
        },
      }),
    ],
  });

  registry.register({
    namespace: NAMESPACE,
    path: '/products/(?P<product_id>[\\d]+)/variations',
    endpoints: [
      endpoint({
        ...write(['POST'], cannotCreate),
        args: PARENT_ID,
        handler: async ({ params, body }) => {
          assertNoId(body, 'product_variation');
          const input = variationInputOf(await withMediaImages(store, body), shopTimeZone(store));
          const { parent, variation } = await inCatalogDraft(store, (draft) =>
            createVariation(draft, params.product_id, input),
          );
          return new RestResponse(
            wooVariation(parent, variation, await shapeContext(deps, [variation.id])),
            201,
            location(`/products/${parent.id}/variations/${variation.id}`),
          );
        },
      }),
    ],
  });

  registry.register({
    namespace: NAMESPACE,
    path: '/products/(?P<product_id>[\\d]+)/variations/(?P<id>[\\d]+)',
    endpoints: [
      endpoint({
        ...write(['PUT', 'PATCH'], cannotEdit),
        args: { ...PARENT_ID, ...PRODUCT_ID },
        handler: async ({ params, body }) => {
          const input = variationInputOf(await withMediaImages(store, body), shopTimeZone(store));
          const { parent, variation } = await inCatalogDraft(store, (draft) =>
            updateVariation(draft, params.product_id, params.id, input),
          );
          return wooVariation(parent, variation, await shapeContext(deps, [variation.id]));
        },
      }),
      endpoint({
        ...write(['DELETE'], cannotDelete),
        args: { ...PARENT_ID, ...PRODUCT_ID, ...FORCE },
        handler: async ({ params }) => {
          const { parent, variation } = await inCatalogDraft(store, (draft) => {
            const removed = deleteVariation(draft, params.product_id, params.id);
            if (!params.force) throw trashNotSupported('product_variation');
            return removed;
          });
          return wooVariation(parent, variation, await shapeContext(deps, [variation.id]));
        },
      }),
    ],
  });
}

/**
 * The images of a batch's stored creates and updates, each named by its place in the request:
 * `create[2].images[0].src`.
 */
function batchImageWrites(request: BatchRequest, result: BatchResult): Parameters<typeof apiImageSources>[0] {
  return (['create', 'update'] as const).flatMap((list) =>
    result[list].flatMap((item, index) => {
      const images = 'product' in item ? imagesOf(request[list][index]) : undefined;
      return images ? [{ prefix: `${list}[${index}].`, images }] : [];
    }),
  );
}

/** The `images[].src` of a body the batch accepted (so its shape was checked already). */
function imagesOf(body: unknown): string[] | undefined {
  const images = (body as { images?: unknown }).images;
  return Array.isArray(images) ? images.map((image) => String((image as { src?: unknown }).src)) : undefined;
}

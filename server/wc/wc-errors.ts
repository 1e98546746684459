/**
 * The errors of the `wc/v3` products API, in WooCommerce's codes and statuses, so that connectors that branch on
 * them (a duplicate SKU answered with the holder's id, a missing product) work unchanged.
 */
import { RestError } from '../rest/errors.js';

/** WooCommerce answers an unknown id with 404 when reading or deleting, and 400 when updating (its CRUD controller). */
export const invalidProductId = (status: 400 | 404 = 404) =>
  new RestError('woocommerce_rest_product_invalid_id', 'Invalid ID.', status);
export const invalidVariationId = (status: 400 | 404 = 404) =>
  new RestError('woocommerce_rest_product_variation_invalid_id', 'Invalid ID.', status);

export const invalidParent = (reason = 'Invalid parent product.', status: 400 | 404 = 404) =>
  new RestError('woocommerce_rest_product_variation_invalid_parent', reason, status);

/** A create that names an id: WooCommerce refuses to create what exists (`id` belongs in an update). */
export const productExists = (kind: 'product' | 'product_variation' = 'product') =>
  new RestError(`woocommerce_rest_${kind}_exists`, `Cannot create existing ${kind}.`, 400);

/** WooCommerce's duplicate-SKU answer, with the item that holds the SKU and a free one to suggest. */
export const invalidSku = (resourceId: number, uniqueSku: string) =>
  new RestError('product_invalid_sku', 'Invalid or duplicated SKU.', 400, {
    resource_id: resourceId,
    unique_sku: uniqueSku,
  });

/** The catalog keeps no trash: deleting needs `force=true`, as WooCommerce asks when trashing is not supported. */
export const trashNotSupported = (kind: 'product' | 'product_variation') =>
  new RestError(
    'woocommerce_rest_trash_not_supported',
    `The ${kind} does not support trashing. Delete it with force=true.`,
    501,
  );

export const tooManyItems = (limit: number) =>
  new RestError(
    'woocommerce_rest_request_entity_too_large',
    `Unable to accept more than ${limit} items for this request.`,
    413,
  );

const cannot = (code: string, message: string) => (authenticated: boolean) =>
  new RestError(code, message, authenticated ? 403 : 401);

/** WooCommerce's permission errors per action (401 for nobody signed in, 403 for a user without the capability). */
export const cannotCreate = cannot('woocommerce_rest_cannot_create', 'Sorry, you are not allowed to create resources.');
export const cannotEdit = cannot('woocommerce_rest_cannot_edit', 'Sorry, you are not allowed to edit this resource.');
export const cannotDelete = cannot(
  'woocommerce_rest_cannot_delete',
  'Sorry, you are not allowed to delete this resource.',
);
export const cannotBatch = cannot(
  'woocommerce_rest_cannot_batch',
  'Sorry, you are not allowed to batch manipulate this resource.',
);
export const cannotView = cannot('woocommerce_rest_cannot_view', 'Sorry, you cannot list resources.');

/** An order id that names no order: 404 when reading, 400 when updating (WooCommerce's CRUD controller). */
export const invalidOrderId = (status: 400 | 404 = 404) =>
  new RestError('woocommerce_rest_shop_order_invalid_id', 'Invalid ID.', status);
/** The notes routes name their order `order_id`, and refuse an unknown one with their own code. */
export const invalidNoteOrderId = () => new RestError('woocommerce_rest_order_invalid_id', 'Invalid order ID.', 404);
export const invalidNoteId = () => new RestError('woocommerce_rest_invalid_id', 'Invalid resource ID.', 404);
/** Notes keep no trash: deleting needs `force=true`, as WooCommerce answers. */
export const noteTrashNotSupported = () =>
  new RestError('woocommerce_rest_trash_not_supported', 'The resource does not support trashing.', 501);

/**
 * Customers, categories, shipping zones, gateways and settings answer an unknown id with these codes, as WooCommerce.
 */
export const invalidCustomerId = (status: 400 | 404 = 404) =>
  new RestError('woocommerce_rest_invalid_id', 'Invalid resource ID.', status);
export const customerExists = () =>
  new RestError('woocommerce_rest_customer_exists', 'Cannot create existing resource.', 400);
export const invalidCategoryId = () => new RestError('woocommerce_rest_term_invalid', 'Resource does not exist.', 404);
export const termTrashNotSupported = () =>
  new RestError('woocommerce_rest_trash_not_supported', 'Resource does not support trashing.', 501);
export const invalidShippingZone = () =>
  new RestError('woocommerce_rest_shipping_zone_invalid', 'Resource does not exist.', 404);
export const invalidShippingMethod = () =>
  new RestError('woocommerce_rest_shipping_zone_method_invalid', 'Resource does not exist.', 404);
export const invalidPaymentGateway = () =>
  new RestError('woocommerce_rest_payment_gateway_invalid', 'Resource does not exist.', 404);
export const invalidSettingGroup = () =>
  new RestError('rest_setting_setting_group_invalid', 'Invalid setting group.', 404);
export const invalidSetting = () => new RestError('rest_setting_setting_invalid', 'Invalid setting.', 404);
export const invalidImageId = (id: number) =>
  new RestError('woocommerce_product_invalid_image_id', `#${id} is an invalid image ID.`, 400);

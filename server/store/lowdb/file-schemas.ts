/**
 * The shape of each data file, checked whenever a file is loaded and before a document is written, so that a file
 * edited by hand into the wrong shape stops the start with the file and the bad field named, instead of a 500 on
 * every page later, and nothing outside the schema is ever stored.
 *
 * Top-level keys a file lacks get their defaults (a key added by an upgrade); a key that is present with the wrong
 * type is an error.
 */
import { CARRIERS, type CarrierKey } from '../../../client/api/shipment-tracking.js';
import { z } from 'zod';
import { SETTINGS_GROUP_IDS, type SettingsData } from '../settings-schema.js';
import { CHECKBOX_LOCATIONS, DSA_NOTICE_STATUSES, LEGAL_TYPES, ROLES } from '../schema.js';
import { PRODUCT_STATUSES } from '../../../client/api/woocommerce.js';
import { ORDER_STATUSES } from '../../../client/api/orders.js';
import { COUPON_DISCOUNT_TYPES } from '../coupons-store.js';
import { withLifecycleDefaults } from '../order-defaults.js';
import { OUTBOX_PRIORITY, OUTBOX_STATUSES } from '../outbox.js';
import { SHIPPING_METHOD_TYPES } from '../../../client/api/shipping.js';
import { ADMIN_LOCALES } from '../../../client/api/users.js';
import { defaultTaxes } from '../tax-defaults.js';

const isoTime = z.string().min(1);
const id = z.number().int().nonnegative();
const revision = z.number().int().nonnegative().default(0);

const priority = z.union([
  z.literal(OUTBOX_PRIORITY.bulk),
  z.literal(OUTBOX_PRIORITY.normal),
  z.literal(OUTBOX_PRIORITY.transactional),
]);

/** A document a message carries, by reference (MailAttachmentRef). */
const attachmentRefs = z.array(z.object({ invoice_key: z.string().min(1) }));

/**
 * A message waiting in the file of the operation that caused it, until the outbox takes it over
 * (lowdb-outbox.ts): so that it is written in the same durable write as its cause.
 */
export const newMessageSchema = z.object({
  kind: z.string().min(1),
  to: z.string().min(1),
  reply_to: z.string().nullable(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  message_id: z.string().min(3),
  redact: z.array(z.string()),
  created_at: isoTime,
  priority: priority.optional(),
  suppressed: z.string().optional(),
  attachments: attachmentRefs.optional(),
});
/** The messages a file's operations caused, waiting for the outbox to take them over (none in older files). */
export const pendingOutbox = z.array(newMessageSchema).default([]);

export const outboxMessageSchema = newMessageSchema.omit({ suppressed: true }).extend({
  id,
  status: z.enum(OUTBOX_STATUSES),
  // Messages written before priorities read as normal.
  priority: priority.default(OUTBOX_PRIORITY.normal),
  // Messages written before messages carried documents carry none.
  attachments: attachmentRefs.default([]),
  attempts: z.number().int().nonnegative(),
  next_attempt_at: isoTime,
  claimed_by: z.string().nullable(),
  claimed_until: isoTime.nullable(),
  sent_at: isoTime.nullable(),
  last_response: z.string().nullable(),
  updated_at: isoTime,
});

/**
 * `outbox.json`: the messages still to do. `finished_log_bytes`: how much of `outbox-finished.ndjson` it accounts for
 * (outbox-files.ts); a file written before the log existed has none, and its finished messages move there on opening.
 */
export const outboxFileSchema = z.object({
  revision,
  last_id: id.default(0),
  messages: z.array(outboxMessageSchema).default([]),
  finished_log_bytes: z.number().int().nonnegative().default(0),
});

const settingValue = z.union([z.string(), z.number(), z.boolean()]);

/**
 * The settings, read as the schema types them: upgradeSiteFile has given every group and key its default before the
 * file is checked, and a stored value was checked against its definition when it was saved.
 */
const settingsSchema = z
  .record(z.enum(SETTINGS_GROUP_IDS), z.record(z.string(), settingValue))
  .pipe(z.custom<SettingsData>());

export const pageSchema = z.object({
  id,
  slug: z.string().min(1),
  title: z.string(),
  content: z.string(),
  status: z.enum(['publish', 'draft', 'trash']),
  // Defaults: files written before pages had a menu place have no menu fields.
  show_in_menu: z.boolean().default(false),
  menu_order: z.number().int().default(0),
  legal_type: z.enum(LEGAL_TYPES).nullable(),
  author_id: id,
  created_at: isoTime,
  modified_at: isoTime,
});

export const checkboxSchema = z.object({
  id,
  label: z.string(),
  required: z.boolean(),
  location: z.enum(CHECKBOX_LOCATIONS),
  enabled: z.boolean(),
  position: z.number().int(),
  legal_page_id: id,
  legal_page_type: z.enum(LEGAL_TYPES).nullable().optional(),
  created_at: isoTime,
  updated_at: isoTime,
});

const money = z.number().nonnegative();

const shippingZoneSchema = z.object({
  id,
  name: z.string(),
  countries: z.array(z.string().regex(/^[A-Z]{2}$/)),
  methods: z.array(
    z.object({
      id,
      type: z.enum(SHIPPING_METHOD_TYPES),
      title: z.string(),
      cost: money,
      min_amount: money,
      tax_status: z.literal('none').optional(),
    }),
  ),
});

const taxesSchema = z.object({
  classes: z.array(z.object({ slug: z.string().min(1), name: z.string() })),
  rates: z.array(
    z.object({
      id,
      country: z.string(),
      state: z.string(),
      postcodes: z.array(z.string()),
      cities: z.array(z.string()),
      rate: z.string().regex(/^\d{1,3}\.\d{4}$/),
      name: z.string(),
      priority: z.number().int(),
      compound: z.boolean(),
      shipping: z.boolean(),
      order: z.number().int(),
      class: z.string().min(1),
    }),
  ),
  last_rate_id: id,
});

const minor = z.number().int();
const itemTaxSchema = z.object({
  total_tax: minor,
  taxes: z.array(z.object({ rate_id: id, tax: minor })),
});
const orderTaxesSchema = z.object({
  prices_include_tax: z.boolean(),
  scheme: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('oss'), country: z.string().length(2) }),
      z.object({
        kind: z.literal('intra_community_supply'),
        vat_number: z.string().min(3),
        vies: z.enum(['valid', 'unverified']),
      }),
    ])
    .optional(),
  lines: z.array(itemTaxSchema.extend({ tax_class: z.string() })),
  shipping_lines: z.array(itemTaxSchema),
  fee_lines: z.array(itemTaxSchema),
  tax_lines: z.array(
    z.object({
      rate_id: id,
      rate_code: z.string(),
      label: z.string(),
      rate_percent: z.number(),
      compound: z.boolean(),
      net: minor,
      tax_total: minor,
      shipping_tax_total: minor,
      fee_tax_total: minor,
    }),
  ),
  cart_tax: minor,
  shipping_tax: minor,
  fee_tax: minor,
  total_tax: minor,
});

const actorSchema = z.object({
  type: z.enum(['user', 'api_key', 'customer', 'system']),
  id: id.nullable(),
  name: z.string(),
});

const refundSchema = z.object({
  id,
  created_at: isoTime,
  amount: minor,
  reason: z.string(),
  refunded_by: actorSchema,
  api_refund: z.boolean(),
  withdrawal_id: id.nullable(),
  whole_order: z.boolean().default(false),
  items: z.array(
    itemTaxSchema.omit({ total_tax: true }).extend({
      kind: z.enum(['line', 'shipping', 'fee']),
      index: z.number().int().nonnegative(),
      quantity: z.number().int().nonnegative(),
      total: minor,
      tax: minor,
    }),
  ),
  rates: z.array(
    z.object({ rate_id: id, label: z.string(), rate_percent: z.number(), net: minor, tax: minor, gross: minor }),
  ),
  tax: minor,
});

export const siteFileSchema = z.object({
  schema_version: z.literal(2).default(2),
  revision,
  secret: z.string().min(16),
  settings: settingsSchema,
  pages: z.array(pageSchema).default([]),
  checkboxes: z.array(checkboxSchema).default([]),
  wizard: z
    .object({
      completed: z.boolean(),
      completed_at: isoTime.nullable(),
      steps: z.record(z.string(), z.boolean()),
      reviewed: z.record(z.string(), isoTime).optional(),
    })
    .default({ completed: false, completed_at: null, steps: {} }),
  facet_config: z.unknown().nullable().default(null),
  shipping_zones: z.array(shippingZoneSchema).default([]),
  taxes: taxesSchema.default(defaultTaxes),
  last_ids: z.object({ page: id, checkbox: id }).default({ page: 0, checkbox: 0 }),
});

const applicationPasswordSchema = z.object({
  uuid: z.string().min(1),
  name: z.string(),
  password_hash: z.string().regex(/^[0-9a-f]{64}$/),
  created: isoTime,
  last_used: isoTime.nullable(),
  last_ip: z.string().nullable(),
});

const addressSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  company: z.string().optional(),
  street: z.string(),
  postcode: z.string(),
  city: z.string(),
  country: z.string(),
  phone: z.string(),
});

export const userSchema = z.object({
  id,
  login: z.string().min(1),
  email: z.string(),
  display_name: z.string(),
  roles: z.array(z.enum(ROLES)),
  password_hash: z.string().min(1),
  app_passwords: z.array(applicationPasswordSchema),
  created_at: isoTime,
  addresses: z.object({ billing: addressSchema.nullable(), shipping: addressSchema.nullable() }).optional(),
  locale: z.enum(ADMIN_LOCALES).optional(),
  erasure_request: z
    .object({ requested_at: isoTime, confirmed_at: isoTime.nullable(), completed_at: isoTime.nullable() })
    .optional(),
});

const hash = z.string().regex(/^[0-9a-f]{64}$/);
export const apiKeySchema = z.object({
  id,
  user_id: id,
  description: z.string(),
  permissions: z.enum(['read', 'write', 'read_write']),
  consumer_key_hash: hash,
  consumer_secret_hash: hash,
  truncated_key: z.string(),
  created_at: isoTime,
  last_access: isoTime.nullable().default(null),
});

export const usersFileSchema = z.object({
  revision,
  last_id: id.default(0),
  users: z.array(userSchema).default([]),
  // WooCommerce API keys live beside their users, so that a key is only ever stored for a user that exists.
  api_keys: z.array(apiKeySchema).default([]),
  last_api_key_id: id.default(0),
  password_resets: z
    .array(
      z.object({
        token_hash: hash,
        user_id: id,
        created_at: isoTime,
        expires_at: isoTime,
        used_at: isoTime.nullable(),
      }),
    )
    .default([]),
  outbox: pendingOutbox,
});

export const sessionSchema = z.object({
  token_hash: z.string().regex(/^[0-9a-f]{64}$/),
  user_id: id,
  created_at: isoTime,
  expires_at: isoTime,
});

export const sessionsFileSchema = z.object({ revision, sessions: z.array(sessionSchema).default([]) });

const countersSchema = z.object({ shown: z.number().int().nonnegative(), accepted: z.number().int().nonnegative() });

export const statsFileSchema = z.object({
  revision,
  checkboxes: z.record(z.string().regex(/^\d+$/), countersSchema).default({}),
});

export const consentRecordSchema = z.object({
  checkbox_id: id,
  label: z.string(),
  location: z.string(),
  accepted: z.boolean(),
  time: isoTime,
  legal_page_id: id,
  legal_page_modified_at: isoTime.nullable(),
  ip: z.string(),
  label_hash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  reference: z.string().nullable().optional(),
});

const cartLineSchema = z.object({ product_id: id, variation_id: id.optional(), quantity: z.number().int().positive() });

export const cartsFileSchema = z.object({
  revision,
  carts: z
    .array(
      z.object({
        token_hash: z.string().regex(/^[0-9a-f]{64}$/),
        user_id: id.nullable(),
        lines: z.array(cartLineSchema),
        updated_at: isoTime,
      }),
    )
    .default([]),
});

export const orderSchema = z
  .object({
    id,
    number: z.string().min(1),
    user_id: id.nullable(),
    email: z.string(),
    billing: addressSchema,
    // Orders placed before separate delivery addresses went to the billing address.
    shipping_address: addressSchema.nullable().default(null),
    company_tax_id: z.string(),
    // Orders placed before customers could ask for an invoice did not ask.
    invoice_requested: z.boolean().default(false),
    payment_method: z.enum(['bank_transfer', 'cash_on_delivery', 'stripe', 'przelewy24']),
    currency: z.string(),
    lines: z.array(
      z.object({
        product_id: id,
        variation_id: id.optional(),
        attributes: z.record(z.string(), z.string()).optional(),
        title: z.string(),
        sku: z.string(),
        unit_price: z.number(),
        quantity: z.number().int().positive(),
        line_total: z.number(),
        discount: z.number().int().nonnegative().optional(),
        discount_tax: z.number().int().nonnegative().optional(),
      }),
    ),
    subtotal: z.number(),
    // Defaults: orders placed before the shop charged shipping had none.
    shipping_lines: z
      .array(
        z.object({
          method_id: z.enum(SHIPPING_METHOD_TYPES),
          instance_id: id,
          method_title: z.string(),
          total: z.number(),
        }),
      )
      .default([]),
    fee_lines: z.array(z.object({ name: z.string(), total: z.number() })).default([]),
    shipping_total: z.number().default(0),
    total: z.number(),
    // Default: orders placed before coupons existed used none.
    coupon_lines: z
      .array(
        z.object({
          coupon_id: id,
          code: z.string(),
          discount: z.number().int().nonnegative(),
          discount_tax: z.number().int().nonnegative(),
        }),
      )
      .default([]),
    // Optional: orders written before taxes were kept read with the VAT they implied (order-defaults.ts).
    taxes: orderTaxesSchema.optional(),
    consent: z.array(z.object({ checkbox_id: id, label: z.string(), accepted: z.boolean() })),
    created_at: isoTime,
    // Optional: orders written before statuses existed read as their starting status (order-defaults.ts).
    status: z.enum(ORDER_STATUSES).optional(),
    customer_note: z.string().optional(),
    // Optional: orders written before orders kept their language are written to in the shop's (order-defaults.ts).
    language: z.string().optional(),
    shipments: z
      .array(
        z.object({
          tracking_id: z.string(),
          tracking_provider: z.enum(['', ...(Object.keys(CARRIERS) as CarrierKey[])]),
          custom_tracking_provider: z.string(),
          custom_tracking_link: z.string(),
          tracking_number: z.string(),
          date_shipped: z.string(),
        }),
      )
      .default([]),
    date_paid: isoTime.nullable().optional(),
    stock_returned: z.boolean().optional(),
    history: z
      .array(
        z.object({
          from: z.enum(ORDER_STATUSES).nullable(),
          to: z.enum(ORDER_STATUSES),
          by: actorSchema,
          at: isoTime,
        }),
      )
      .optional(),
    notes: z
      .array(z.object({ id, author: z.string(), date_created: isoTime, note: z.string(), customer_note: z.boolean() }))
      .optional(),
    // Orders written before refunds were kept on them have none.
    refunds: z.array(refundSchema).default([]),
  })
  .transform(withLifecycleDefaults);

const ids = z.array(id);

/** A coupon as coupons-store.ts keeps it; kept in orders.json because placing an order counts its uses. */
const couponSchema = z.object({
  id,
  code: z.string().min(1),
  discount_type: z.enum(COUPON_DISCOUNT_TYPES),
  amount: z.number().int().nonnegative(),
  description: z.string(),
  date_expires: isoTime.nullable(),
  minimum_amount: z.number().int().nonnegative(),
  maximum_amount: z.number().int().nonnegative(),
  usage_limit: z.number().int().nonnegative().nullable(),
  usage_limit_per_user: z.number().int().nonnegative().nullable(),
  usage_count: z.number().int().nonnegative(),
  used_by: z.array(z.string()),
  product_ids: ids,
  excluded_product_ids: ids,
  product_categories: ids,
  excluded_product_categories: ids,
  exclude_sale_items: z.boolean(),
  free_shipping: z.boolean(),
  individual_use: z.boolean(),
  email_restrictions: z.array(z.string()),
  advertised: z.boolean(),
  date_created: isoTime,
  date_modified: isoTime,
});

export const ordersFileSchema = z.object({
  revision,
  last_id: id.default(0),
  orders: z.array(orderSchema).default([]),
  outbox: pendingOutbox,
  // Defaults: files written before coupons existed hold none.
  coupons: z.array(couponSchema).default([]),
  last_coupon_id: id.default(0),
});

export const messagesFileSchema = z.object({
  revision,
  last_id: id.default(0),
  messages: z
    .array(
      z.object({
        id,
        name: z.string(),
        email: z.string(),
        subject: z.string(),
        message: z.string(),
        user_id: id.nullable(),
        created_at: isoTime,
      }),
    )
    .default([]),
  outbox: pendingOutbox,
});

const withdrawnItemSchema = z.object({
  product_id: id,
  variation_id: id.optional(),
  title: z.string(),
  quantity: z.number().int().positive(),
});
/** A calendar day in the shop's time zone. */
const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const withdrawalsFileSchema = z.object({
  revision,
  last_id: id.default(0),
  withdrawals: z
    .array(
      z.object({
        id,
        reference: z.string(),
        order_id: id,
        order_number: z.string(),
        email: z.string(),
        items: z.array(withdrawnItemSchema),
        reason: z.string(),
        user_id: id.nullable(),
        received_at: isoTime,
        // Files written before withdrawals were processed have neither: not processed yet.
        goods_received_on: localDate.nullable().default(null),
        refund: z
          .object({
            amount: z.number().positive(),
            refunded_on: localDate,
            scope: z.enum(['full', 'lines']),
            lines: z.array(withdrawnItemSchema.extend({ amount: z.number().nonnegative() })),
            recorded_at: isoTime,
            recorded_by: id.nullable(),
            refund_id: id.optional(),
          })
          .nullable()
          .default(null),
      }),
    )
    .default([]),
  outbox: pendingOutbox,
});

const saleDate = isoTime.nullable().optional();

export const variationSchema = z.object({
  id,
  sku: z.string(),
  attributes: z.record(z.string(), z.string()),
  regular_price: z.number(),
  sale_price: z.number().nullable(),
  date_on_sale_from: saleDate,
  date_on_sale_to: saleDate,
  in_stock: z.boolean(),
  stock_quantity: z.number().int(),
  manage_stock: z.boolean().optional(),
  backorders: z.enum(['no', 'notify', 'yes']).optional(),
  image: z.string().optional(),
  image_alt: z.string().optional(),
});

export const dsaNoticeSchema = z.object({
  id,
  reference: z.string().min(1),
  status: z.enum(DSA_NOTICE_STATUSES),
  product_id: id,
  url: z.string(),
  explanation: z.string(),
  name: z.string(),
  email: z.string(),
  good_faith: z.boolean(),
  ip: z.string(),
  created_at: isoTime,
  updated_at: isoTime,
  decision_note: z.string(),
});

export const dsaNoticesFileSchema = z.object({
  revision,
  last_id: id.default(0),
  notices: z.array(dsaNoticeSchema).default([]),
  outbox: pendingOutbox,
});

export const productSchema = z.object({
  id,
  type: z.enum(['simple', 'variable']).optional(),
  status: z.enum(PRODUCT_STATUSES).optional(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  sku: z.string(),
  category_ids: z.array(id),
  brand: z.string(),
  attributes: z.record(z.string(), z.array(z.string())),
  regular_price: z.number(),
  sale_price: z.number().nullable(),
  rating: z.number(),
  rating_count: z.number().int(),
  in_stock: z.boolean(),
  stock_quantity: z.number().int(),
  manage_stock: z.boolean().optional(),
  backorders: z.enum(['no', 'notify', 'yes']).optional(),
  total_sales: z.number().int(),
  created_at: isoTime,
  image: z.string(),
  gallery: z.array(z.string()).optional(),
  image_alts: z.array(z.string()).optional(),
  weight: z.number().nonnegative().optional(),
  dimensions: z
    .object({
      length: z.number().nonnegative().optional(),
      width: z.number().nonnegative().optional(),
      height: z.number().nonnegative().optional(),
    })
    .optional(),
  short_description: z.string().optional(),
  tags: z.array(z.string()).optional(),
  date_on_sale_from: saleDate,
  date_on_sale_to: saleDate,
  variations: z.array(variationSchema).optional(),
  meta: z.record(z.string(), z.string()).optional(),
  tax_status: z.enum(['shipping', 'none']).optional(),
  tax_class: z.string().min(1).optional(),
});

export const catalogMetaSchema = z.object({
  generation: z.string().optional(),
  highest_id: z.number().int().nonnegative().optional(),
  categories: z.array(z.object({ id, slug: z.string(), name: z.string(), parent: id })),
  attributes: z.array(z.object({ name: z.string(), label: z.string() })),
});

/**
 * Parses `data` with `schema`.
 * @throws Error whose message names the path of the first bad field, e.g. `settings: expected object, received null`
 */
export function parseWithSchema<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const where = issue.path.length ? issue.path.map(String).join('.') : 'the top level';
  throw new Error(`${where}: ${issue.message}`);
}

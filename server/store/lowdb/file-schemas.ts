/**
 * The shape of each data file, checked whenever a file is loaded and before a document is written, so that a file
 * edited by hand into the wrong shape stops the start with the file and the bad field named, instead of a 500 on
 * every page later, and nothing outside the schema is ever stored.
 *
 * Top-level keys a file lacks get their defaults (a key added by an upgrade); a key that is present with the wrong
 * type is an error.
 */
import { z } from 'zod';
import { SETTINGS_GROUP_IDS } from '../settings-schema.js';
import { CHECKBOX_LOCATIONS, DSA_NOTICE_STATUSES, LEGAL_TYPES, ROLES } from '../schema.js';

const isoTime = z.string().min(1);
const id = z.number().int().nonnegative();
const revision = z.number().int().nonnegative().default(0);

const settingValue = z.union([z.string(), z.number(), z.boolean()]);

export const pageSchema = z.object({
  id,
  slug: z.string().min(1),
  title: z.string(),
  content: z.string(),
  status: z.enum(['publish', 'draft']),
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

export const siteFileSchema = z.object({
  schema_version: z.literal(2).default(2),
  revision,
  secret: z.string().min(16),
  settings: z.record(z.enum(SETTINGS_GROUP_IDS), z.record(z.string(), settingValue)),
  pages: z.array(pageSchema).default([]),
  checkboxes: z.array(checkboxSchema).default([]),
  wizard: z
    .object({ completed: z.boolean(), completed_at: isoTime.nullable(), steps: z.record(z.string(), z.boolean()) })
    .default({ completed: false, completed_at: null, steps: {} }),
  facet_config: z.unknown().nullable().default(null),
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

export const userSchema = z.object({
  id,
  login: z.string().min(1),
  email: z.string(),
  display_name: z.string(),
  roles: z.array(z.enum(ROLES)),
  password_hash: z.string().min(1),
  app_passwords: z.array(applicationPasswordSchema),
  created_at: isoTime,
});

export const usersFileSchema = z.object({ revision, last_id: id.default(0), users: z.array(userSchema).default([]) });

export const sessionSchema = z.object({ token_hash: z.string().regex(/^[0-9a-f]{64}$/), user_id: id, created_at: isoTime, expires_at: isoTime });

export const sessionsFileSchema = z.object({ revision, sessions: z.array(sessionSchema).default([]) });

const countersSchema = z.object({ shown: z.number().int().nonnegative(), accepted: z.number().int().nonnegative() });

export const statsFileSchema = z.object({ revision, checkboxes: z.record(z.string().regex(/^\d+$/), countersSchema).default({}) });

export const consentRecordSchema = z.object({
  checkbox_id: id,
  label: z.string(),
  location: z.string(),
  accepted: z.boolean(),
  time: isoTime,
  legal_page_id: id,
  legal_page_modified_at: isoTime.nullable(),
  ip: z.string(),
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

export const dsaNoticesFileSchema = z.object({ revision, last_id: id.default(0), notices: z.array(dsaNoticeSchema).default([]) });

export const productSchema = z.object({
  id,
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
  total_sales: z.number().int(),
  created_at: isoTime,
  image: z.string(),
});

export const catalogMetaSchema = z.object({
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

/**
 * The site state in tables: loading all of it in one statement (one snapshot), and writing only what a change
 * altered. Pages and checkboxes are rows; the rest of SiteData is columns of the single `meta` row.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Checkbox, Page, SiteData } from '../schema.js';
import { withDefaultSettings } from '../defaults.js';
import { defaultTaxes } from '../tax-defaults.js';
import type { Queryable } from './connection.js';

export interface LoadedSite {
  data: SiteData;
  revision: number;
  catalogRevision: number;
}

// json_agg keeps this one statement, so meta, pages and checkboxes come from the same snapshot.
const LOAD_SITE = `
  SELECT m.secret, m.site_revision, m.catalog_revision, m.settings, m.wizard, m.facet_config, m.shipping_zones, m.taxes,
    m.last_ids,
    COALESCE((SELECT json_agg(p ORDER BY p.id) FROM pages p), '[]') AS pages,
    COALESCE((SELECT json_agg(c ORDER BY c.id) FROM checkboxes c), '[]') AS checkboxes
  FROM meta m`;

/** Timestamps inside json_agg come as `2026-01-02T03:04:05.678+00:00`; the store's types want the `Z` form. */
const iso = (value: string): string => new Date(value).toISOString();

// biome-ignore lint/suspicious/noExplicitAny: node-postgres types a row's columns as any; each reader names them
type Row = Record<string, any>;

function pageFromRow(row: Row): Page {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    content: row.content,
    status: row.status,
    show_in_menu: row.show_in_menu,
    menu_order: row.menu_order,
    legal_type: row.legal_type,
    author_id: row.author_id,
    created_at: iso(row.created_at),
    modified_at: iso(row.modified_at),
  };
}

function checkboxFromRow(row: Row): Checkbox {
  const checkbox: Checkbox = {
    id: row.id,
    label: row.label,
    required: row.required,
    location: row.location,
    enabled: row.enabled,
    position: row.position,
    legal_page_id: row.legal_page_id ?? 0,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
  // Optional in the type: present only while it says something.
  if (row.legal_page_type != null) checkbox.legal_page_type = row.legal_page_type;
  return checkbox;
}

export async function loadSite(db: Queryable): Promise<LoadedSite> {
  const { rows } = await db.query(LOAD_SITE);
  const row = rows[0];
  if (!row) throw new Error('The PostgreSQL store has no meta row; open it with openPostgresStore, which creates it.');
  return {
    data: {
      secret: row.secret,
      settings: withDefaultSettings(row.settings),
      pages: row.pages.map(pageFromRow),
      checkboxes: row.checkboxes.map(checkboxFromRow),
      wizard: row.wizard,
      facet_config: row.facet_config,
      shipping_zones: row.shipping_zones,
      // NULL: the database was opened before taxes existed, or nobody changed them since.
      taxes: row.taxes ?? defaultTaxes(),
      last_ids: row.last_ids,
    },
    revision: row.site_revision,
    catalogRevision: row.catalog_revision,
  };
}

/** The row as it is written: the app's 0 (no legal page) is NULL for the foreign key. */
function checkboxRow(checkbox: Checkbox): Row {
  return {
    ...checkbox,
    legal_page_id: checkbox.legal_page_id || null,
    legal_page_type: checkbox.legal_page_type ?? null,
  };
}

interface RowDiff {
  upsert: Row[];
  remove: number[];
}

function diffRows<T extends { id: number }>(
  kind: string,
  before: readonly T[],
  after: readonly T[],
  toRow: (item: T) => Row,
): RowDiff {
  const previous = new Map(before.map((item) => [item.id, toRow(item)]));
  const seen = new Set<number>();
  const upsert: Row[] = [];
  for (const item of after) {
    if (!Number.isInteger(item.id) || item.id <= 0)
      throw new Error(`A ${kind} needs a positive integer id, not ${item.id}.`);
    if (seen.has(item.id)) throw new Error(`Two ${kind}s have the id ${item.id}.`);
    seen.add(item.id);
    const row = toRow(item);
    if (!isDeepStrictEqual(previous.get(item.id), row)) upsert.push(row);
  }
  return { upsert, remove: [...previous.keys()].filter((id) => !seen.has(id)) };
}

const PAGE_COLUMNS = [
  'slug',
  'title',
  'content',
  'status',
  'show_in_menu',
  'menu_order',
  'legal_type',
  'author_id',
  'created_at',
  'modified_at',
];
const CHECKBOX_COLUMNS = [
  'label',
  'required',
  'location',
  'enabled',
  'position',
  'legal_page_id',
  'legal_page_type',
  'created_at',
  'updated_at',
];

/** One statement per table however many rows changed: the rows travel as one JSON array. */
async function upsertRows(db: Queryable, table: 'pages' | 'checkboxes', columns: string[], rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const list = ['id', ...columns].join(', ');
  const updates = columns.map((column) => `${column} = EXCLUDED.${column}`).join(', ');
  await db.query(
    `INSERT INTO ${table} (${list}) SELECT ${list} FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb)
     ON CONFLICT (id) DO UPDATE SET ${updates}`,
    [JSON.stringify(rows)],
  );
}

const META_FIELDS = ['secret', 'settings', 'wizard', 'facet_config', 'shipping_zones', 'taxes', 'last_ids'] as const;

/**
 * Writes what differs between `before` (as stored) and `after` (the draft), in an order the foreign keys accept:
 * pages in, checkboxes out, checkboxes in, pages out.
 * @returns whether anything was written
 */
export async function writeSiteChanges(db: Queryable, before: SiteData, after: SiteData): Promise<boolean> {
  const pageIds = new Set(after.pages.map((page) => page.id));
  for (const checkbox of after.checkboxes) {
    if (checkbox.legal_page_id && !pageIds.has(checkbox.legal_page_id)) {
      throw new Error(`Checkbox ${checkbox.id} links the legal page ${checkbox.legal_page_id}, which does not exist.`);
    }
  }
  const pages = diffRows('page', before.pages, after.pages, (page) => ({ ...page }));
  const checkboxes = diffRows('checkbox', before.checkboxes, after.checkboxes, checkboxRow);
  const metaChanges = META_FIELDS.filter((field) => !isDeepStrictEqual(before[field], after[field]));

  if (metaChanges.length > 0) {
    // Column names come from META_FIELDS, values are parameters; a null facet_config is SQL NULL, not JSON null.
    const sets = metaChanges.map((field, index) => `${field} = $${index + 1}`).join(', ');
    const values = metaChanges.map((field) =>
      field === 'secret' || after[field] === null ? after[field] : JSON.stringify(after[field]),
    );
    await db.query(`UPDATE meta SET ${sets}`, values);
  }
  await upsertRows(db, 'pages', PAGE_COLUMNS, pages.upsert);
  if (checkboxes.remove.length > 0)
    await db.query('DELETE FROM checkboxes WHERE id = ANY($1::int[])', [checkboxes.remove]);
  await upsertRows(db, 'checkboxes', CHECKBOX_COLUMNS, checkboxes.upsert);
  if (pages.remove.length > 0) await db.query('DELETE FROM pages WHERE id = ANY($1::int[])', [pages.remove]);

  return (
    metaChanges.length +
      pages.upsert.length +
      pages.remove.length +
      checkboxes.upsert.length +
      checkboxes.remove.length >
    0
  );
}

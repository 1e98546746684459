/**
 * The shop's four legal pages, generated and published as a manager does it in the admin. The seeded demo shop, like a
 * new shop, has none; the storefront forms show a checkbox that refers to a legal page only while that page is
 * published, so a test of those boxes first gives the shop its pages.
 */
import assert from 'node:assert/strict';
import type { Page } from '../../../server/store/schema.js';
import { fetchJson, type TestServer } from './test-server.js';

/** Generates the missing legal pages (linking the checkboxes that wait for them) and publishes all four. */
export async function publishLegalPages(server: TestServer): Promise<Page[]> {
  const authorization = await server.basicAuthFor('shop_manager');
  const generated = await fetchJson(server.restUrl('/compliance/v1/legal-pages/generate'), { method: 'POST', headers: { authorization } });
  assert.equal(generated.status, 201, JSON.stringify(generated.body));
  const pages = server.store.site.data.pages.filter((page) => page.legal_type);
  for (const page of pages) await setPageStatus(server, page.id, 'publish', authorization);
  return server.store.site.data.pages.filter((page) => page.legal_type);
}

/** Publishes a page or puts it back to draft through `POST /wp/v2/pages/{id}`. */
export async function setPageStatus(server: TestServer, id: number, status: 'publish' | 'draft', authorization?: string): Promise<void> {
  const answer = await fetchJson(server.restUrl(`/wp/v2/pages/${id}`), {
    method: 'POST', headers: { authorization: authorization ?? await server.basicAuthFor('shop_manager') }, json: { status },
  });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
}

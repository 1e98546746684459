/**
 * The shop's four legal pages, generated and published as a manager does it in the admin. The seeded demo shop, like a
 * new shop, has none; the storefront forms show a checkbox that refers to a legal page only while that page is
 * published, so a test of those boxes first gives the shop its pages.
 */
import assert from 'node:assert/strict';
import type { LegalPageList } from '../../../client/api/compliance.js';
import { fetchJson, type TestServer } from './test-server.js';

/** A shop's REST API as a manager calls it: the URL of a REST path, and the manager's Authorization header. */
export interface ManagerApi {
  restUrl(path: string): string;
  authorization: string;
}

/** A test server's API as a new shop manager of it. */
async function managerApi(shop: TestServer | ManagerApi): Promise<ManagerApi> {
  return 'authorization' in shop
    ? shop
    : { restUrl: shop.restUrl, authorization: await shop.basicAuthFor('shop_manager') };
}

/** Generates the missing legal pages (linking the checkboxes that wait for them) and publishes all four. */
export async function publishLegalPages(shop: TestServer | ManagerApi): Promise<void> {
  const api = await managerApi(shop);
  const generated = await fetchJson(api.restUrl('/compliance/v1/legal-pages/generate'), {
    method: 'POST',
    headers: { authorization: api.authorization },
  });
  assert.equal(generated.status, 201, JSON.stringify(generated.body));
  for (const page of (generated.body as LegalPageList).pages) await setPageStatus(api, page.id, 'publish');
}

/** Publishes a page or puts it back to draft through `POST /wp/v2/pages/{id}`. */
export async function setPageStatus(
  shop: TestServer | ManagerApi,
  id: number,
  status: 'publish' | 'draft',
): Promise<void> {
  const api = await managerApi(shop);
  const answer = await fetchJson(api.restUrl(`/wp/v2/pages/${id}`), {
    method: 'POST',
    headers: { authorization: api.authorization },
    json: { status },
  });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
}

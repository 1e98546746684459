/** `wp/v2/pages` in the edit context (server/pages/page-rest-routes.ts). */
import type { RestDeleted } from '../../api/errors.js';
import type { RestPage } from '../../api/pages.js';
import { restDelete, restGet, restPost } from './rest-client.js';

export type PageFieldsInput = Partial<{
  title: string;
  slug: string;
  content: string;
  status: RestPage['status'];
  show_in_menu: boolean;
  menu_order: number;
}>;

/** Every page, drafts and trash included (at most 100 for now). */
export const listPages = () => restGet<RestPage[]>('/wp/v2/pages?context=edit&status=any&per_page=100');

/** Creates (id null) or updates a page; a refusal names the field in `fields`. */
export const savePage = (id: number | null, fields: PageFieldsInput) =>
  restPost<RestPage>(id === null ? '/wp/v2/pages?context=edit' : `/wp/v2/pages/${id}?context=edit`, fields);

/** Without `force`, WordPress moves a page to the trash and answers it. */
export const trashPage = (id: number) => restDelete<RestPage>(`/wp/v2/pages/${id}?context=edit`);
export const deletePage = (id: number) => restDelete<RestDeleted<RestPage>>(`/wp/v2/pages/${id}?force=true`);

/** The starting outline of a legal page, in the shop's language (404 `vitrine_not_a_legal_page` for other pages). */
export const getLegalOutline = (id: number) =>
  restGet<{ type: string; content: string }>(`/vitrine/v1/pages/${id}/legal-outline`);

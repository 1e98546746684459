/**
 * `wp/v2/pages`: the subset of WordPress's pages endpoint that the admin, wpapi and @wordpress/api-fetch use.
 * Reading published pages is public, as in WordPress; drafts, the edit context (`content.raw`) and every change need
 * `edit_pages`. Field errors keep WordPress's `rest_invalid_param` shape with the reason under `data.params.<field>`,
 * so a client shows it next to that field.
 */
import type { RestPage, RestPageView } from '../../client/api/pages.js';
import { can } from '../auth/capabilities.js';
import { RestError, forbidden } from '../rest/errors.js';
import type { RestRegistry } from '../rest/registry.js';
import { RestResponse, endpoint, type RestRequest } from '../rest/route.js';
import type { ArgSchema, ArgSchemas, ArgValue } from '../rest/args.js';
import type { Page, PageStatus } from '../store/schema.js';
import type { Store } from '../store/store.js';
import { toLocalDateTime } from '../store/local-time.js';
import { MAX_PAGE_CONTENT_LENGTH, createPage, deletePage, updatePage } from './page-editing.js';

export interface PageRestDependencies {
  store: Store;
  siteUrl: string;
  /** Expands page content (blocks, shortcodes) as the page would show it. */
  renderContent: (content: string, page: Page) => Promise<string>;
}

const STATUSES: readonly PageStatus[] = ['publish', 'draft', 'trash'];

const writableArgs = {
  title: { type: 'string', maxLength: 200, description: 'The title of the page.' },
  slug: { type: 'string', maxLength: 200, description: 'The page\u2019s address: /<slug>.' },
  content: { type: 'string', description: `Block markup, at most ${MAX_PAGE_CONTENT_LENGTH} characters.` },
  status: {
    type: 'string',
    enum: STATUSES,
    description: 'publish, draft or trash (a trashed page is restored by setting another).',
  },
  menu_order: { type: 'integer', minimum: -1000, maximum: 1000, description: 'Position in the site menu.' },
  show_in_menu: { type: 'boolean', description: 'List the page in the header navigation (when published).' },
} as const satisfies ArgSchemas;

const idArg = { id: { type: 'integer', minimum: 1, required: true } } as const satisfies ArgSchemas;
const contextArg = { type: 'string', enum: ['view', 'edit'], default: 'view' } as const satisfies ArgSchema;

function mayEdit(request: RestRequest): boolean {
  return request.user !== null && can(request.user.roles, 'edit_pages');
}

async function pageResponse(page: Page, edit: boolean, deps: PageRestDependencies): Promise<RestPage | RestPageView> {
  // As WordPress: `date` and `modified` in the shop's time zone, their `_gmt` twins in UTC, both without an offset.
  const gmt = (iso: string) => iso.replace(/\.\d+Z$|Z$/, '');
  const local = (iso: string) => toLocalDateTime(iso, deps.store.site.data.settings.general.timezone);
  const view: RestPageView = {
    id: page.id,
    date: local(page.created_at),
    date_gmt: gmt(page.created_at),
    modified: local(page.modified_at),
    modified_gmt: gmt(page.modified_at),
    slug: page.slug,
    status: page.status,
    type: 'page',
    link: `${deps.siteUrl}/${page.slug === 'home' ? '' : page.slug}`,
    author: page.author_id,
    menu_order: page.menu_order,
    show_in_menu: page.show_in_menu,
    title: { rendered: page.title },
    content: { rendered: await deps.renderContent(page.content, page), protected: false, block_version: 1 },
  };
  // The edit context adds the source an editor works on, each `raw` before its `rendered` as WordPress orders them.
  if (!edit) return view;
  return { ...view, title: { raw: page.title, ...view.title }, content: { raw: page.content, ...view.content } };
}

function findPage(deps: PageRestDependencies, id: number, request: RestRequest): Page {
  const page = deps.store.site.data.pages.find((candidate) => candidate.id === id);
  if (!page || (page.status !== 'publish' && !mayEdit(request)))
    throw new RestError('rest_post_invalid_id', 'Invalid page ID.', 404);
  return page;
}

function checkContext(request: RestRequest<{ context: ArgValue<typeof contextArg> }>): boolean {
  const edit = request.params.context === 'edit';
  if (edit && !mayEdit(request))
    throw new RestError(
      'rest_forbidden_context',
      'Sorry, you are not allowed to edit pages.',
      request.user ? 403 : 401,
    );
  return edit;
}

export function registerPageRestRoutes(rest: RestRegistry, deps: PageRestDependencies): void {
  rest.register({
    namespace: 'wp/v2',
    path: '/pages',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'public',
        args: {
          context: contextArg,
          search: { type: 'string', maxLength: 200 },
          status: { type: 'array', items: { type: 'string', enum: [...STATUSES, 'any'] }, default: ['publish'] },
          slug: { type: 'string', maxLength: 200 },
          page: { type: 'integer', minimum: 1, default: 1 },
          per_page: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
        },
        handler: async (request) => {
          const edit = checkContext(request);
          const wanted = request.params.status;
          if (wanted.some((status) => status !== 'publish') && !mayEdit(request))
            throw forbidden(request.user !== null);
          const search = (request.params.search ?? '').toLowerCase();
          const found = deps.store.site.data.pages
            .filter((page) => wanted.includes('any') || wanted.includes(page.status))
            .filter((page) => request.params.slug === undefined || page.slug === request.params.slug)
            .filter(
              (page) =>
                !search || page.title.toLowerCase().includes(search) || page.content.toLowerCase().includes(search),
            )
            .sort((a, b) => b.modified_at.localeCompare(a.modified_at));
          const perPage = request.params.per_page;
          const start = (request.params.page - 1) * perPage;
          const body = await Promise.all(
            found.slice(start, start + perPage).map((page) => pageResponse(page, edit, deps)),
          );
          return new RestResponse(body, 200, {
            'X-WP-Total': String(found.length),
            'X-WP-TotalPages': String(Math.max(1, Math.ceil(found.length / perPage))),
          });
        },
      }),
      endpoint({
        methods: ['POST'],
        permission: 'edit_pages',
        requireJsonObject: true,
        args: { ...writableArgs, title: { ...writableArgs.title, required: true } },
        handler: async (request) => {
          // Params hold only the declared fields that the body set: the page's fields.
          const page = await createPage(deps.store, request.params, request.user!.id);
          return new RestResponse(await pageResponse(page, true, deps), 201);
        },
      }),
    ],
  });
  rest.register({
    namespace: 'wp/v2',
    path: '/pages/(?P<id>[\\d]+)',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'public',
        args: { ...idArg, context: contextArg },
        handler: (request) => {
          // The context is checked first, as in WordPress: asking for raw markup without the right is 401/403.
          const edit = checkContext(request);
          return pageResponse(findPage(deps, request.params.id, request), edit, deps);
        },
      }),
      endpoint({
        methods: ['POST', 'PUT', 'PATCH'],
        permission: 'edit_pages',
        requireJsonObject: true,
        args: { ...idArg, ...writableArgs },
        handler: async ({ params: { id, ...changes } }) =>
          pageResponse(await updatePage(deps.store, id, changes), true, deps),
      }),
      endpoint({
        methods: ['DELETE'],
        permission: 'edit_pages',
        args: { ...idArg, force: { type: 'boolean', default: false } },
        handler: async (request) => {
          // As in WordPress: without `force` the page goes to the trash (and can be restored); with it, it is gone.
          if (request.params.force !== true) {
            return pageResponse(await updatePage(deps.store, request.params.id, { status: 'trash' }), true, deps);
          }
          const page = await deletePage(deps.store, request.params.id);
          return { deleted: true, previous: await pageResponse(page, true, deps) };
        },
      }),
    ],
  });
}

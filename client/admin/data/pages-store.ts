/**
 * `vitrine/pages`: the admin's server state for pages and block choices, one @wordpress/data store over the REST
 * API. Screens select from it (resolvers fetch on first use) and save through its actions, so no component fetches
 * on its own and a saved page shows in the list without a reload.
 */
import { createReduxStore, register } from '@wordpress/data';
import type { BlockChoices } from '../../api/facets.js';
import type { RestPage } from '../../api/pages.js';
import { getBlockChoices } from './facets-api.js';
import * as pagesApi from './pages-api.js';

interface State {
  pages: RestPage[] | null;
  choices: BlockChoices | null;
}

type Action =
  | { type: 'RECEIVE_PAGES'; pages: RestPage[] }
  | { type: 'RECEIVE_PAGE'; page: RestPage }
  | { type: 'REMOVE_PAGE'; id: number }
  | { type: 'RECEIVE_CHOICES'; choices: BlockChoices };

function reducer(state: State = { pages: null, choices: null }, action: Action): State {
  switch (action.type) {
    case 'RECEIVE_PAGES':
      return { ...state, pages: action.pages };
    case 'RECEIVE_PAGE': {
      const others = (state.pages ?? []).filter((page) => page.id !== action.page.id);
      return { ...state, pages: [action.page, ...others] };
    }
    case 'REMOVE_PAGE':
      return { ...state, pages: (state.pages ?? []).filter((page) => page.id !== action.id) };
    case 'RECEIVE_CHOICES':
      return { ...state, choices: action.choices };
    default:
      return state;
  }
}

type Thunk = (helpers: { dispatch: (action: Action) => void }) => Promise<unknown>;

const actions = {
  receivePages: (pages: RestPage[]): Action => ({ type: 'RECEIVE_PAGES', pages }),
  receivePage: (page: RestPage): Action => ({ type: 'RECEIVE_PAGE', page }),
  receiveChoices: (choices: BlockChoices): Action => ({ type: 'RECEIVE_CHOICES', choices }),
  /** Creates (id null) or updates a page; rejects with a RestRequestError, so the screen can show it by field. */
  savePage:
    (id: number | null, fields: pagesApi.PageFieldsInput): Thunk =>
    async ({ dispatch }) => {
      const page = await pagesApi.savePage(id, fields);
      dispatch({ type: 'RECEIVE_PAGE', page });
      return page;
    },
  /** Moves a page to the trash (without `force`), as WordPress does. */
  trashPage:
    (id: number): Thunk =>
    async ({ dispatch }) => {
      dispatch({ type: 'RECEIVE_PAGE', page: await pagesApi.trashPage(id) });
    },
  deletePage:
    (id: number): Thunk =>
    async ({ dispatch }) => {
      await pagesApi.deletePage(id);
      dispatch({ type: 'REMOVE_PAGE', id });
    },
};

const selectors = {
  getPages: (state: State) => state.pages,
  getPage: (state: State, id: number) => state.pages?.find((page) => page.id === id) ?? null,
  getBlockChoices: (state: State) => state.choices,
};

const resolvers = {
  getPages:
    (): Thunk =>
    async ({ dispatch }) =>
      dispatch(actions.receivePages(await pagesApi.listPages())),
  // The list holds every page (at most 100 for now), so one page resolves through it.
  getPage:
    (): Thunk =>
    async ({ dispatch }) =>
      dispatch(actions.receivePages(await pagesApi.listPages())),
  getBlockChoices:
    (): Thunk =>
    async ({ dispatch }) =>
      dispatch(actions.receiveChoices(await getBlockChoices())),
};

export const pagesStore = createReduxStore('vitrine/pages', { reducer, actions, selectors, resolvers } as never);
register(pagesStore);

/** Typed access for screens: `useSelect((select) => pagesSelect(select).getPages())`. */
export type PagesSelectors = {
  [K in keyof typeof selectors]: (
    ...args: DropFirst<Parameters<(typeof selectors)[K]>>
  ) => ReturnType<(typeof selectors)[K]>;
};
export type PagesActions = {
  savePage: (...args: Parameters<typeof actions.savePage>) => Promise<RestPage>;
  deletePage: (id: number) => Promise<void>;
  trashPage: (id: number) => Promise<void>;
};
type DropFirst<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;

/** `wp/v2/pages` in the edit context (`context=edit`, which the admin always asks for): WordPress's page shape. */

export type RestPageStatus = 'publish' | 'draft' | 'trash';

export interface RestPage {
  id: number;
  /** The shop's wall-clock time without a zone, `2026-05-01T14:00:00`, as WordPress's `date`. */
  date: string;
  /** UTC without a zone, `2026-05-01T12:00:00`. */
  date_gmt: string;
  /** The shop's wall-clock time, as `date`. */
  modified: string;
  /** UTC without a zone. */
  modified_gmt: string;
  slug: string;
  status: RestPageStatus;
  type: 'page';
  /** The page's address in the shop. */
  link: string;
  author: number;
  menu_order: number;
  show_in_menu: boolean;
  title: { raw: string; rendered: string };
  content: { raw: string; rendered: string; protected: false; block_version: number };
}

/** The same page in the view context (anyone reading a published page): no `raw` source. */
export interface RestPageView extends Omit<RestPage, 'title' | 'content'> {
  title: Omit<RestPage['title'], 'raw'>;
  content: Omit<RestPage['content'], 'raw'>;
}

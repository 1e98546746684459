/** The REST shapes the admin reads: a page in the edit context, and the facet/filter block's choices. */
export interface RestPage {
  id: number;
  slug: string;
  status: 'publish' | 'draft' | 'trash';
  show_in_menu: boolean;
  menu_order: number;
  modified: string;
  link: string;
  title: { raw: string; rendered: string };
  content: { raw: string; rendered: string };
}

export interface BlockChoices {
  facets: { name: string; label: string }[];
  categories: { id: number; slug: string; name: string; parent: number }[];
}

/** WordPress's error body; `data.params` maps a field to why it was refused. */
export interface RestErrorBody {
  code: string;
  message: string;
  data?: { status?: number; params?: Record<string, string> };
}

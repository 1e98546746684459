/**
 * The open edit: the page's fields and its blocks (with undo/redo history), whether it differs from what was last
 * saved, and saving it. The saved markup is exactly what serialize() produces.
 */
import { parse, serialize, type Block as BlockInstance } from '@wordpress/blocks';
import { useStateWithHistory } from '@wordpress/compose';
import { useDispatch } from '@wordpress/data';
import { useState } from '@wordpress/element';
import { pagesStore, type PagesActions } from '../data/pages-store.js';
import type { RestPage } from '../../api/pages.js';
import { screenPath } from '../shell/admin-screens.js';
import { saveProblem, type SaveProblem } from './save-error.js';

export interface PageFields {
  title: string;
  slug: string;
  status: RestPage['status'];
  show_in_menu: boolean;
  menu_order: number;
}

const NO_PROBLEM: SaveProblem = { fields: {}, sessionLost: false, message: null };

export function usePageDraft(page: RestPage | null) {
  const { savePage } = useDispatch(pagesStore) as unknown as PagesActions;
  const [id, setId] = useState<number | null>(page?.id ?? null);
  const [fields, setFields] = useState<PageFields>({
    title: page?.title.raw ?? '',
    slug: page?.slug ?? '',
    status: page?.status ?? 'draft',
    show_in_menu: page?.show_in_menu ?? false,
    menu_order: page?.menu_order ?? 0,
  });
  const history = useStateWithHistory<BlockInstance[]>(page ? parse(page.content.raw) : []);
  const blocks = history.value as BlockInstance[];
  const [savedState, setSavedState] = useState(() => JSON.stringify([fields, page?.content.raw ?? '']));
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<SaveProblem>(NO_PROBLEM);
  const [link, setLink] = useState(page?.link ?? null);
  const content = serialize(blocks);
  const dirty = JSON.stringify([fields, content]) !== savedState;

  /** @returns the saved page, or null when the save was refused (the reason is in `problem`). */
  const save = async (status: 'publish' | 'draft'): Promise<RestPage | null> => {
    setSaving(true);
    setProblem(NO_PROBLEM);
    try {
      const { title, show_in_menu, menu_order } = fields;
      const changes = {
        title,
        content,
        status,
        show_in_menu,
        menu_order,
        ...(fields.slug ? { slug: fields.slug } : {}),
      };
      const saved = await savePage(id, changes);
      const savedFields = {
        title: saved.title.raw,
        slug: saved.slug,
        status: saved.status,
        show_in_menu: saved.show_in_menu,
        menu_order: saved.menu_order,
      };
      setFields(savedFields);
      setSavedState(JSON.stringify([savedFields, content]));
      setLink(saved.link);
      if (id === null) {
        setId(saved.id);
        // The new page now has an address; replaceState keeps this editor (and its undo history) mounted.
        window.history.replaceState(null, '', screenPath('pages', saved.id));
      }
      return saved;
    } catch (error) {
      setProblem(saveProblem(error));
      return null;
    } finally {
      setSaving(false);
    }
  };

  return {
    id,
    fields,
    setField: <K extends keyof PageFields>(key: K, value: PageFields[K]) =>
      setFields((current) => ({ ...current, [key]: value })),
    blocks,
    onInput: (next: BlockInstance[]) => history.setValue(next, true),
    onChange: (next: BlockInstance[]) => history.setValue(next, false),
    undo: history.undo,
    redo: history.redo,
    hasUndo: history.hasUndo,
    hasRedo: history.hasRedo,
    dirty,
    saving,
    problem,
    link,
    save,
  };
}

export type PageDraft = ReturnType<typeof usePageDraft>;

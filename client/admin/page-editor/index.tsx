/**
 * The page editor: WordPress's standalone block editor (inserter, one floating block toolbar, block settings
 * sidebar, undo/redo) around the page's title, slug and status. A new page (id null) is created on first save.
 *
 * The admin loads this module (and with it the block editor's script and the blocks) only when a page is opened for
 * editing; the editor's styles stay in the admin's one stylesheet, whose order decides which rules win.
 */
import { BlockCanvas, BlockEditorProvider, BlockInspector, BlockTools } from '@wordpress/block-editor';
import { Spinner, TextControl } from '@wordpress/components';
import { useSelect } from '@wordpress/data';
import { useRef } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { RestPage } from '../../api/pages.js';
import { pagesStore, type PagesSelectors } from '../data/pages-store.js';
import { canvasAssets } from './canvas-styles.js';
import { EditorToolbar } from './editor-toolbar.js';
import { mediaUpload } from './media-upload.js';
import { PageSettingsPanel } from './page-settings-panel.js';
import { SaveNotices } from './save-notices.js';
import { LegalOutlineOffer } from './legal-outline-offer.js';
import { useLeaveGuard } from '../shell/use-leave-guard.js';
import { usePageDraft } from './use-page-draft.js';
import { registerEditorBlocks } from '../blocks/register-blocks.js';

registerEditorBlocks();

const EDITOR_SETTINGS = {
  hasFixedToolbar: false,
  __unstableResolvedAssets: canvasAssets,
  // The image block uploads through wp/v2/media (or takes an address).
  mediaUpload,
  allowedMimeTypes: { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif' },
};

function EditorForm({ page }: { page: RestPage | null }) {
  const draft = usePageDraft(page);
  useLeaveGuard(draft.dirty);
  const titleError = draft.problem.fields.title;
  // The canvas's frame, for the block toolbar: when a block at the top has no room for its toolbar above it inside the
  // canvas, the toolbar goes below the block's top edge instead of over the title (see .vitrine-editor__canvas).
  const contentRef = useRef<HTMLDivElement>(null);
  return (
    <BlockEditorProvider
      value={draft.blocks}
      onInput={draft.onInput}
      onChange={draft.onChange}
      settings={EDITOR_SETTINGS}
    >
      <div className="vitrine-editor">
        <EditorToolbar draft={draft} />
        <div className="vitrine-editor__body">
          <div className="vitrine-editor__content">
            <SaveNotices draft={draft} />
            <LegalOutlineOffer draft={draft} />
            <div className="vitrine-editor__title">
              <TextControl
                __next40pxDefaultSize
                __nextHasNoMarginBottom
                label={__('Title')}
                value={draft.fields.title}
                onChange={(value) => draft.setField('title', value)}
                aria-invalid={titleError ? true : undefined}
                aria-describedby={titleError ? 'page-title-error' : undefined}
              />
              {titleError && (
                <p id="page-title-error" className="vitrine-field-error" role="alert">
                  {titleError}
                </p>
              )}
            </div>
            <BlockTools className="vitrine-editor__canvas" __unstableContentRef={contentRef}>
              <div className="vitrine-editor__frame" ref={contentRef}>
                <BlockCanvas height="100%" />
              </div>
            </BlockTools>
          </div>
          <aside className="vitrine-editor__sidebar" aria-label={__('Settings')}>
            <PageSettingsPanel draft={draft} />
            <BlockInspector />
          </aside>
        </div>
      </div>
    </BlockEditorProvider>
  );
}

export function PageEditor({ id }: { id: number | null }) {
  const page = useSelect(
    (select) => (id === null ? null : (select(pagesStore) as unknown as PagesSelectors).getPage(id)),
    [id],
  );
  const pagesLoaded = useSelect((select) => (select(pagesStore) as unknown as PagesSelectors).getPages() !== null, []);
  if (id !== null && !pagesLoaded) return <Spinner />;
  if (id !== null && !page) return <p>{__('This page does not exist. It may have been deleted.')}</p>;
  return <EditorForm page={page} />;
}

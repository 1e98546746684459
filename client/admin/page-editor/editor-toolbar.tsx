/** The editor's header: back to the list, the inserter, undo/redo, and save draft / preview / view / publish. */
import { Inserter } from '@wordpress/block-editor';
import { Button } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { redo as redoIcon, undo as undoIcon } from '@wordpress/icons';
import { screenPath } from '../shell/admin-screens.js';
import { navigate } from '../shell/use-route.js';
import type { PageDraft } from './use-page-draft.js';

export function EditorToolbar({ draft }: { draft: PageDraft }) {
  const published = draft.fields.status === 'publish';
  const preview = async () => {
    // Drafts are visible to editors at their address, so a preview is the saved draft.
    const saved = draft.dirty ? await draft.save('draft') : { link: draft.link };
    if (saved?.link) window.open(saved.link, '_blank');
  };
  return (
    <section className="vitrine-editor__toolbar" aria-label={__('Editor top bar')}>
      {/* The screen's heading, for screen readers and the page outline; the title field below says which page. */}
      <h1 className="screen-reader-text">{draft.id === null ? __('Add page') : __('Edit page')}</h1>
      <Button variant="tertiary" onClick={() => navigate(screenPath('pages'))}>
        {__('\u2190 Pages')}
      </Button>
      <Inserter rootClientId={undefined} clientId={undefined} isAppender={false} />
      <Button
        icon={undoIcon}
        label={__('Undo')}
        onClick={draft.undo}
        accessibleWhenDisabled
        disabled={!draft.hasUndo}
      />
      <Button
        icon={redoIcon}
        label={__('Redo')}
        onClick={draft.redo}
        accessibleWhenDisabled
        disabled={!draft.hasRedo}
      />
      <span className="vitrine-editor__spacer" />
      <span className="vitrine-editor__state" role="status">
        {draft.saving ? __('Saving\u2026') : draft.dirty ? __('Unsaved changes') : draft.id ? __('Saved') : ''}
      </span>
      {!published && (
        <Button variant="tertiary" onClick={() => draft.save('draft')} disabled={draft.saving} accessibleWhenDisabled>
          {__('Save draft')}
        </Button>
      )}
      {!published && (
        <Button variant="secondary" onClick={preview} disabled={draft.saving} accessibleWhenDisabled>
          {__('Preview')}
        </Button>
      )}
      {published && draft.link && (
        <Button variant="secondary" href={draft.link} target="_blank">
          {__('View page')}
        </Button>
      )}
      {published && (
        <Button variant="tertiary" onClick={() => draft.save('draft')} disabled={draft.saving} accessibleWhenDisabled>
          {__('Switch to draft')}
        </Button>
      )}
      <Button variant="primary" onClick={() => draft.save('publish')} disabled={draft.saving} accessibleWhenDisabled>
        {published ? __('Update') : __('Publish')}
      </Button>
    </section>
  );
}

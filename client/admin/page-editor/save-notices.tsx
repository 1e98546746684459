/**
 * Why the last save failed, when it is not about one field: a lost session (log in again in another tab; this edit
 * stays open and saving again works once logged in) or a general message.
 */
import { Notice } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import type { PageDraft } from './use-page-draft.js';

export function SaveNotices({ draft }: { draft: PageDraft }) {
  const { problem } = draft;
  return (
    <>
      {problem.sessionLost && (
        <Notice status="warning" isDismissible={false}>
          {__('Your session has ended, so the page was not saved. ')}
          <a href="/login?redirect_to=/admin/" target="_blank" rel="noopener">
            {__('Log in again in a new tab')}
          </a>
          {__(', then save again: your changes are still here.')}
        </Notice>
      )}
      {problem.message && (
        <Notice status="error" isDismissible={false}>
          {problem.message}
        </Notice>
      )}
      {problem.fields.content && (
        <Notice status="error" isDismissible={false}>
          {problem.fields.content}
        </Notice>
      )}
    </>
  );
}

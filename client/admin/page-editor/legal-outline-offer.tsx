/**
 * On an empty legal page, an offer to start from the outline of what Polish law expects the page to state: its
 * headings, each with a note of what to write under it, in the shop's language. The outline says of itself that it is
 * to be completed and checked, and nothing is inserted until the editor asks.
 */
import { parse } from '@wordpress/blocks';
import { Button, Notice } from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { getLegalOutline } from '../data/pages-api.js';
import type { PageDraft } from './use-page-draft.js';

export function LegalOutlineOffer({ draft }: { draft: PageDraft }) {
  const [outline, setOutline] = useState<string | null>(null);
  const empty = draft.blocks.length === 0;
  useEffect(() => {
    if (draft.id === null || !empty) return;
    let current = true;
    // Any other page answers 404: it simply has no outline to offer.
    getLegalOutline(draft.id).then(
      (answer) => current && setOutline(answer.content),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [draft.id, empty]);
  if (!empty || outline === null) return null;
  return (
    <Notice status="info" isDismissible={false} className="vitrine-editor__outline-offer">
      <p>
        {__(
          'This legal page is empty. You can start from an outline of the headings Polish law expects on it, each with a note of what to write there. It is an outline to complete, not legal text.',
        )}
      </p>
      <Button variant="secondary" onClick={() => draft.onChange(parse(outline))}>
        {__('Insert the outline')}
      </Button>
    </Notice>
  );
}

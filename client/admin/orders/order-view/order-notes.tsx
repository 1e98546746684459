/** The order's notes, oldest first, and a form to add one: private (for the shop) or to the customer. */
import { Button, Notice, RadioControl, TextareaControl } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { VitrineOrder } from '../../../api/orders.js';
import { addOrderNote } from '../../data/orders-api.js';
import { formatShopDateTime } from '../../locale/shop-time.js';
import { refusalText } from '../refusal-text.js';

export function OrderNotes({ order, onAdded }: { order: VitrineOrder; onAdded: () => Promise<void> }) {
  const [note, setNote] = useState('');
  const [kind, setKind] = useState<'private' | 'customer'>('private');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function add() {
    if (!note.trim()) {
      setError(__('Write the note first.'));
      return;
    }
    setBusy(true);
    try {
      await addOrderNote(order.id, note.trim(), kind === 'customer');
      setNote('');
      // A note to the customer is e-mailed at once: the next one is private again unless the manager chooses otherwise.
      setKind('private');
      setError(null);
      await onAdded();
    } catch (caught) {
      setError(refusalText(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="order-notes-heading" className="vitrine-order-section">
      <h2 id="order-notes-heading">{__('Notes')}</h2>
      {order.notes.length === 0 ? (
        <p>{__('No notes yet.')}</p>
      ) : (
        <ul className="vitrine-order-notes">
          {order.notes.map((entry) => (
            <li key={entry.id} className={entry.customer_note ? 'is-customer' : undefined}>
              <p className="vitrine-order-notes__text">{entry.note}</p>
              <p className="vitrine-help">
                {entry.customer_note ? __('To the customer') : __('Private')} · {entry.author} ·{' '}
                <time dateTime={entry.date_created}>{formatShopDateTime(entry.date_created)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
      <form
        className="vitrine-order-note-form"
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <TextareaControl __nextHasNoMarginBottom label={__('Add a note')} value={note} onChange={setNote} rows={3} />
        <RadioControl
          label={__('Note type')}
          selected={kind}
          options={[
            { label: __('Private: only the shop sees it'), value: 'private' },
            { label: __('To the customer: e-mailed to them'), value: 'customer' },
          ]}
          onChange={(value) => setKind(value as 'private' | 'customer')}
        />
        {error && (
          <Notice status="error" isDismissible={false}>
            {error}
          </Notice>
        )}
        <Button variant="secondary" type="submit" isBusy={busy} disabled={busy} accessibleWhenDisabled>
          {__('Add note')}
        </Button>
      </form>
    </section>
  );
}

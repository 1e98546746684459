/**
 * A customer's data rights from the Users screen, as WordPress's privacy tools give them to an administrator: the
 * download of their data (the JSON document they can download from their account) and the erasure of their account,
 * confirmed in a dialog that says what is kept.
 */
import { Button, Modal, Notice } from '@wordpress/components';
import type { Action } from '@wordpress/dataviews';
import { useState } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';
import type { RestUser } from '../../api/users.js';
import { errorMessage } from '../data/rest-error.js';
import { exportPersonalData } from '../data/users-api.js';

const isCustomer = (user: RestUser) => user.roles.length === 1 && user.roles[0] === 'customer';

/** What the screen says once an account is erased. */
export const erasedNotice = (kept: number) =>
  sprintf(
    _n(
      'The personal data was erased; %d order is kept for tax law.',
      'The personal data was erased; %d orders are kept for tax law.',
      kept,
    ),
    kept,
  );

/** Saves the customer's data as a JSON file in the browser. */
async function downloadPersonalData(user: RestUser): Promise<void> {
  const data = await exportPersonalData(user.id);
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  link.download = `personal-data-${user.id}.json`;
  link.click();
  URL.revokeObjectURL(link.href);
}

/** The Users table's actions for a customer's data; `onMessage` says what happened (or why not). */
export function privacyActions(
  onErase: (user: RestUser) => void,
  onMessage: (message: string, failed?: boolean) => void,
): Action<RestUser>[] {
  return [
    {
      id: 'export-personal-data',
      label: __('Download personal data'),
      supportsBulk: false,
      isEligible: isCustomer,
      callback: ([user]) =>
        downloadPersonalData(user!).then(
          () => onMessage(sprintf(__('The personal data of %s was downloaded.'), user!.username)),
          (caught) => onMessage(errorMessage(caught), true),
        ),
    },
    {
      id: 'erase-personal-data',
      label: __('Erase personal data'),
      supportsBulk: false,
      isEligible: isCustomer,
      callback: ([user]) => onErase(user!),
    },
  ];
}

/**
 * Asks before erasing, saying what is erased and what the shop keeps.
 * @param who the account's name in the question
 * @param erase the erasure (a customer's account at once, or their confirmed request); answers the orders kept
 */
export function EraseDialog({
  who,
  erase: eraseAccount,
  onClose,
  onErased,
}: {
  who: string;
  erase: () => Promise<{ items_retained: number }>;
  onClose(): void;
  onErased(kept: number): void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const erase = async () => {
    setBusy(true);
    try {
      onErased((await eraseAccount()).items_retained);
    } catch (caught) {
      setError(errorMessage(caught));
      setBusy(false);
    }
  };
  return (
    <Modal title={sprintf(__('Erase the personal data of %s?'), who)} onRequestClose={onClose} size="medium">
      {error && (
        <Notice status="error" isDismissible={false}>
          {error}
        </Notice>
      )}
      <p>
        {__(
          'The name, e-mail address, password, saved addresses and sign-ins of this account are erased, and nobody can sign in to it any more.',
        )}
      </p>
      <p>
        {__(
          'Its orders are kept with their billing and delivery addresses, as tax law requires; finished orders lose the e-mail address and phone number. This cannot be undone.',
        )}
      </p>
      <div>
        <Button variant="tertiary" onClick={onClose}>
          {__('Cancel')}
        </Button>{' '}
        <Button variant="primary" isDestructive isBusy={busy} disabled={busy} accessibleWhenDisabled onClick={erase}>
          {__('Erase personal data')}
        </Button>
      </div>
    </Modal>
  );
}

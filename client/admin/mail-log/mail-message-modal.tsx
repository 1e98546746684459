/**
 * One message of the mail log: its envelope, what became of it (with the server's answer), both parts, and
 * "Send again". The HTML part is shown in a sandboxed frame with no permissions (no scripts, no same-origin access,
 * no forms), never put into the admin's own page.
 */
import { Button, Modal, Notice, Spinner } from '@wordpress/components';
import { useCallback, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { RestMailMessage } from '../../api/mail.js';
import { getMailMessage, sendMailAgain } from '../data/mail-api.js';
import { errorMessage } from '../data/rest-error.js';
import { useRestData } from '../data/use-rest-data.js';
import { MAIL_STATUS_LABELS } from './mail-status-labels.js';

const local = (time: string | null) => (time ? time.replace('T', ' ') : '—');

export function MailMessageModal({
  id,
  onClose,
  onSentAgain,
}: {
  id: number;
  onClose: () => void;
  onSentAgain: (message: RestMailMessage) => void;
}) {
  const load = useCallback(() => getMailMessage(id), [id]);
  const { data: message, error, reload } = useRestData(load);
  const [notice, setNotice] = useState<{ status: 'success' | 'error'; text: string } | null>(null);
  const [sending, setSending] = useState(false);

  async function sendAgain() {
    setSending(true);
    setNotice(null);
    try {
      const queued = await sendMailAgain(id);
      setNotice({ status: 'success', text: __('Queued to be sent again.') });
      onSentAgain(queued);
      reload();
    } catch (caught) {
      setNotice({ status: 'error', text: errorMessage(caught) });
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal title={message ? message.subject : __('Message')} onRequestClose={onClose} size="large">
      {error && (
        <Notice status="error" isDismissible={false}>
          {error}
        </Notice>
      )}
      {!message && !error && <Spinner />}
      {message && (
        <>
          <dl className="vitrine-notice__facts">
            <dt>{__('To')}</dt>
            <dd>{message.to}</dd>
            {message.reply_to && (
              <>
                <dt>{__('Reply to')}</dt>
                <dd>{message.reply_to}</dd>
              </>
            )}
            <dt>{__('Status')}</dt>
            <dd>{MAIL_STATUS_LABELS[message.status]}</dd>
            <dt>{__('Attempts')}</dt>
            <dd>{message.attempts}</dd>
            <dt>{__('Queued')}</dt>
            <dd>{local(message.created_at)}</dd>
            <dt>{__('Sent')}</dt>
            <dd>{local(message.sent_at)}</dd>
            {message.next_attempt_at && (
              <>
                <dt>{__('Next attempt')}</dt>
                <dd>{local(message.next_attempt_at)}</dd>
              </>
            )}
            <dt>{__('Server\u2019s answer')}</dt>
            <dd>{message.last_response ?? '—'}</dd>
            <dt>{__('Message-ID')}</dt>
            <dd>{message.message_id}</dd>
          </dl>
          {notice && (
            <Notice status={notice.status} isDismissible={false}>
              {notice.text}
            </Notice>
          )}
          <Button
            variant="secondary"
            onClick={() => void sendAgain()}
            isBusy={sending}
            disabled={sending || message.status === 'sending'}
          >
            {__('Send again')}
          </Button>
          <h3 className="vitrine-notice__subheading">{__('HTML part')}</h3>
          <iframe
            className="vitrine-mail__preview"
            title={sprintf(__('HTML part of \u201c%s\u201d'), message.subject)}
            sandbox=""
            srcDoc={message.html}
          />
          <h3 className="vitrine-notice__subheading">{__('Plain-text part')}</h3>
          <pre className="vitrine-mail__text">{message.text}</pre>
        </>
      )}
    </Modal>
  );
}

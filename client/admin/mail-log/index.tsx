/**
 * The mail log: every message the shop queued (to customers and to the shop), newest first, in a DataViews table
 * paged by the server, with a status filter and a search by recipient. Opening one shows both parts, the server's
 * answer and "Send again".
 */
import type { Action, Field } from '@wordpress/dataviews';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { RestMailMessage } from '../../api/mail.js';
import { ServerPagedDataViews, useServerPagedView } from '../components/server-paged-data-views.js';
import { tableView } from '../components/table-view.js';
import { getMailPage } from '../data/mail-api.js';
import { mailLogQueryArgs } from './mail-log-query.js';
import { MailMessageModal } from './mail-message-modal.js';
import { MAIL_STATUS_LABELS } from './mail-status-labels.js';
import './mail-log.css';

const DEFAULT_VIEW = tableView({
  fields: ['to', 'status', 'created_at', 'sent_at', 'last_response'],
  titleField: 'subject',
});

const local = (time: string | null) => (time ? time.replace('T', ' ') : '—');

function mailFields(open: (id: number) => void): Field<RestMailMessage>[] {
  return [
    {
      id: 'subject',
      label: __('Subject'),
      enableHiding: false,
      enableSorting: false,
      getValue: ({ item }) => item.subject,
      render: ({ item }) => (
        <button type="button" className="vitrine-admin__link-button" onClick={() => open(item.id)}>
          {item.subject}
        </button>
      ),
    },
    { id: 'to', label: __('Recipient'), enableSorting: false, getValue: ({ item }) => item.to },
    {
      id: 'status',
      label: __('Status'),
      enableSorting: false,
      getValue: ({ item }) => item.status,
      elements: Object.entries(MAIL_STATUS_LABELS).map(([value, label]) => ({ value, label })),
      filterBy: { operators: ['is'] },
    },
    {
      id: 'created_at',
      label: __('Queued'),
      enableSorting: false,
      getValue: ({ item }) => item.created_at,
      render: ({ item }) => local(item.created_at),
    },
    {
      id: 'sent_at',
      label: __('Sent'),
      enableSorting: false,
      getValue: ({ item }) => item.sent_at ?? '',
      render: ({ item }) => local(item.sent_at),
    },
    {
      id: 'last_response',
      label: __('Server\u2019s answer'),
      enableSorting: false,
      getValue: ({ item }) => item.last_response ?? '',
      render: ({ item }) => item.last_response ?? '—',
    },
  ];
}

export function MailLogScreen() {
  const paged = useServerPagedView(DEFAULT_VIEW, (view) => getMailPage(mailLogQueryArgs(view)));
  const [open, setOpen] = useState<number | null>(null);
  const fields = mailFields(setOpen);
  const actions: Action<RestMailMessage>[] = [
    {
      id: 'open',
      label: __('Open'),
      isPrimary: true,
      supportsBulk: false,
      callback: ([message]) => setOpen(message!.id),
    },
  ];
  return (
    <section className="vitrine-admin__screen" aria-labelledby="mail-log-heading">
      <div className="vitrine-admin__screen-header">
        <h1 id="mail-log-heading">{__('Mail log')}</h1>
      </div>
      <p className="vitrine-help">
        {__(
          'Every e-mail the shop has sent or is about to send, to customers and to you. A failed message shows the mail server\u2019s answer; open it to send it again.',
        )}
      </p>
      <ServerPagedDataViews<RestMailMessage>
        paged={paged}
        fields={fields}
        actions={actions}
        searchLabel={__('Search by recipient')}
      />
      {open !== null && (
        <MailMessageModal key={open} id={open} onClose={() => setOpen(null)} onSentAgain={paged.reload} />
      )}
    </section>
  );
}

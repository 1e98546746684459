/**
 * `vitrine/v1/mail` for shop managers: the mail log. The list (filters `status` and `recipient`, paged with
 * WordPress's `X-WP-Total` headers), one message with both parts, and "Send again". Secrets that a message carries
 * (a password-reset link) are shown as `[hidden]`: a manager must not be able to take over an account from here.
 */
import { MAIL_STATUSES, type RestMailMessage, type RestMailMessageDetail } from '../../client/api/mail.js';
import type { RestRegistry } from '../rest/registry.js';
import { RestError } from '../rest/errors.js';
import { RestResponse, endpoint } from '../rest/route.js';
import { toLocalDateTime } from '../store/local-time.js';
import type { OutboxMessage } from '../store/outbox.js';
import type { Store } from '../store/store.js';

const HIDDEN = '[hidden]';
const ID_ARG = { id: { type: 'integer', description: 'Message id.', required: true, minimum: 1 } } as const;

const notFound = (id: number) =>
  new RestError('vitrine_mail_not_found', `There is no message with the id ${id} in the mail log.`, 404);

function redacted(text: string, secrets: readonly string[]): string {
  let shown = text;
  for (const secret of secrets) {
    if (!secret) continue;
    // A secret may sit in an HTML attribute, where & is written &amp;.
    for (const spelling of new Set([secret, secret.replaceAll('&', '&amp;')]))
      shown = shown.split(spelling).join(HIDDEN);
  }
  return shown;
}

export function restMailMessage(message: OutboxMessage, timeZone: string): RestMailMessage {
  const local = (iso: string | null) => (iso ? toLocalDateTime(iso, timeZone) : null);
  return {
    id: message.id,
    kind: message.kind,
    to: message.to,
    reply_to: message.reply_to,
    subject: message.subject,
    status: message.status,
    attempts: message.attempts,
    message_id: message.message_id,
    created_at: local(message.created_at)!,
    updated_at: local(message.updated_at)!,
    sent_at: local(message.sent_at),
    next_attempt_at: message.status === 'retrying' ? local(message.next_attempt_at) : null,
    last_response: message.last_response,
  };
}

function restMailDetail(message: OutboxMessage, timeZone: string): RestMailMessageDetail {
  return {
    ...restMailMessage(message, timeZone),
    text: redacted(message.text, message.redact),
    html: redacted(message.html, message.redact),
  };
}

export function registerMailLogRoutes(rest: RestRegistry, store: Store): void {
  const timeZone = () => store.site.data.settings.general.timezone;
  rest.register({
    namespace: 'vitrine/v1',
    path: '/mail',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        withoutCatalog: true,
        args: {
          status: { type: 'string', description: 'Only the messages in this state.', enum: MAIL_STATUSES },
          recipient: {
            type: 'string',
            description: 'Only the messages whose recipient contains this text.',
            maxLength: 254,
          },
          page: { type: 'integer', description: 'Page of the list, from 1.', minimum: 1, default: 1 },
          per_page: { type: 'integer', description: 'Messages per page.', minimum: 1, maximum: 100, default: 20 },
        },
        handler: async ({ params }) => {
          const { messages, total } = await store.outbox.list({
            status: params.status,
            recipient: params.recipient?.trim() || undefined,
            page: params.page,
            perPage: params.per_page,
          });
          return new RestResponse(
            messages.map((message) => restMailMessage(message, timeZone())),
            200,
            {
              'X-WP-Total': String(total),
              'X-WP-TotalPages': String(Math.ceil(total / params.per_page)),
            },
          );
        },
      }),
    ],
  });
  rest.register({
    namespace: 'vitrine/v1',
    path: '/mail/(?P<id>[\\d]+)',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        withoutCatalog: true,
        args: ID_ARG,
        handler: async ({ params }) => {
          const message = await store.outbox.find(params.id);
          if (!message) throw notFound(params.id);
          return restMailDetail(message, timeZone());
        },
      }),
    ],
  });
  rest.register({
    namespace: 'vitrine/v1',
    path: '/mail/(?P<id>[\\d]+)/resend',
    endpoints: [
      endpoint({
        methods: ['POST'],
        permission: 'manage_shop',
        withoutCatalog: true,
        args: ID_ARG,
        handler: async ({ params }) => {
          const requeued = await store.outbox.requeue(params.id, new Date());
          if (requeued) return restMailMessage(requeued, timeZone());
          if (!(await store.outbox.find(params.id))) throw notFound(params.id);
          throw new RestError(
            'vitrine_mail_sending',
            'This message is being sent right now; wait for the attempt to end before sending it again.',
            409,
          );
        },
      }),
    ],
  });
}

/**
 * The storefront's notice form: `GET /report-content?url=…` shows it, `POST /report-content` checks and stores a
 * notice and acknowledges it with its reference. Only while `dsa_enabled` (otherwise the ordinary 404). Posts are
 * accepted only from our own form (CSRF) and counted per IP address, so that the form cannot be used to flood
 * the managers' queue.
 */
import type { Context, Middleware } from 'koa';
import type { ShopMail } from '../../mail/shop-mail.js';
import { CSRF_FIELD, csrfProblem, csrfToken } from '../../auth/csrf.js';
import { addressKey } from '../../http/client-address.js';
import { readBody } from '../../http/read-body.js';
import { minutesToWait } from '../../http/wait-words.js';
import { respondWithPage, shopTranslator, type PageDependencies } from '../../site/page-chrome.js';
import { renderToString } from '../../html/render-html.js';
import { respondNotFound } from '../../site/not-found.js';
import { NOTICE_PATH, noticeFormTemplate, noticeReceivedTemplate } from './dsa-notice-form.js';
import {
  checkNotice,
  dsaEnabled,
  noticeFieldsFrom,
  submitNotice,
  type NoticeErrors,
  type NoticeFields,
} from './dsa-notices.js';

/** Notice posts from one address per hour: enough to correct mistakes and report several items, not to flood. */
export const NOTICE_THROTTLE = { keyPrefix: 'dsa_notice_ip', points: 10, durationSeconds: 3600, blockSeconds: 3600 };

export interface NoticeRouteDependencies extends PageDependencies {
  siteUrl: string;
  mail: ShopMail;
}

async function showForm(
  ctx: Context,
  deps: PageDependencies,
  fields: NoticeFields,
  errors: NoticeErrors = {},
  status = 200,
  message?: string,
) {
  const token = csrfToken(ctx, deps.store.site.data.secret);
  const { t } = shopTranslator(deps.store);
  const bodyHtml = await renderToString(noticeFormTemplate(fields, errors, token, t, message));
  await respondWithPage(ctx, deps, { title: t('dsaNotice.title'), bodyHtml }, status);
}

/** The address the link came with, when it is one of ours; the notifier may still correct it. */
function prefilledUrl(ctx: Context, siteUrl: string): string {
  const raw = typeof ctx.query.url === 'string' ? ctx.query.url : '';
  try {
    return new URL(raw).origin === new URL(siteUrl).origin ? raw : '';
  } catch {
    return '';
  }
}

export function noticeRoutesMiddleware(deps: NoticeRouteDependencies): Middleware {
  const throttle = deps.store.createRateLimiter(NOTICE_THROTTLE);
  return async (ctx, next) => {
    if (ctx.path !== NOTICE_PATH) return next();
    if (!dsaEnabled(deps.store)) return respondNotFound(ctx, deps);
    if (ctx.method === 'GET' || ctx.method === 'HEAD') {
      return showForm(ctx, deps, {
        url: prefilledUrl(ctx, deps.siteUrl),
        explanation: '',
        name: '',
        email: '',
        good_faith: false,
      });
    }
    if (ctx.method !== 'POST') return next();
    const body = await readBody(ctx);
    const raw = body.kind === 'form' ? body.value : {};
    const fields = noticeFieldsFrom(raw);
    const problem = csrfProblem(ctx, deps.store.site.data.secret, raw[CSRF_FIELD]);
    const { t, say } = shopTranslator(deps.store);
    const refusal = problem && say(problem);
    if (refusal) return showForm(ctx, deps, fields, {}, 403, refusal);
    const attempt = await throttle.consume(addressKey(ctx.ip)).then(
      () => null,
      (result: { msBeforeNext?: number }) => result,
    );
    if (attempt) {
      const seconds = Math.max(1, Math.ceil((attempt.msBeforeNext ?? 60_000) / 1000));
      ctx.set('Retry-After', String(seconds));
      return showForm(ctx, deps, fields, {}, 429, t('dsaNotice.throttled', { count: minutesToWait(seconds) }));
    }
    const errors = checkNotice(fields, deps.siteUrl, t);
    if (Object.keys(errors).length) return showForm(ctx, deps, fields, errors, 400);
    // The notice is taken whatever the count (the shop must handle it); only the receipt to the address typed is held
    // back when that address has had its share.
    const receipt = fields.email
      ? await deps.mail.recipients.limited(fields.email, deps.mail.dsaNoticeReceived)
      : deps.mail.dsaNoticeReceived;
    const notice = await submitNotice(deps.store, fields, ctx.ip, receipt);
    await respondWithPage(
      ctx,
      deps,
      { title: t('dsaNotice.receivedTitle'), bodyHtml: await renderToString(noticeReceivedTemplate(notice, t)) },
      201,
    );
  };
}

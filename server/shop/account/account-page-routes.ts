/**
 * `/account` and its forms: the address book (`/account/addresses`), a new password (`/account/password`, with the
 * current one, ending every other session), a new e-mail address (`/account/email`, with the current password; the
 * link sent to the new address lands on `/account/email/confirm`). A post that is refused shows the page again with
 * the form's problems (status 400); one that succeeds redirects to the page with what it did (303, so that reloading
 * posts nothing again).
 */
import Router from '@koa/router';
import { html } from '@lit-labs/ssr';
import type { Context } from 'koa';
import { PASSWORD_MIN_LENGTH } from '../../../client/api/users.js';
import { updateOwnAccount } from '../../accounts/own-account.js';
import { verifyPassword } from '../../auth/passwords.js';
import { LOGIN_PATTERN, UserInputError } from '../../auth/users.js';
import { productDisplay } from '../../catalog/product-display.js';
import { renderToString } from '../../html/render-html.js';
import { respondWithPage, shopTranslator } from '../../site/page-chrome.js';
import { rememberStorefrontLanguage } from '../../site/storefront-languages.js';
import type { User } from '../../store/schema.js';
import type { FieldErrors } from '../form-fields.js';
import { chosenCountry, shippingView } from '../shipping/shipping-view.js';
import { formFields, formToken, type ShopDependencies } from '../shop-dependencies.js';
import { accountPageTemplate, type AccountForm } from './account-page.js';
import { addressFormValues, readAddressForm, type AddressValues } from './address-book.js';
import { confirmEmailChange, requestEmailChange, signsInWithEmail } from './email-change.js';
import { storefrontLocale } from '../../i18n/chosen-language.js';

/** What a successful post did, as `?done=` names it, and the catalogue key that says so. */
const DONE_NOTICES = {
  addresses: 'account.addressesSaved',
  password: 'account.passwordChanged',
  'email-sent': 'account.emailLinkSent',
  'email-changed': 'account.emailChanged',
  'erase-sent': 'account.eraseLinkSent',
} as const;

export const signedInUser = (ctx: Context): User | null => ctx.state.session?.user ?? null;

/** Sends a visitor who is not signed in to the login, which brings them back to the account. */
export function requireSignIn(ctx: Context): User | null {
  const user = signedInUser(ctx);
  if (user) return user;
  ctx.status = 303;
  ctx.redirect('/login?redirect_to=%2Faccount');
  return null;
}

/** Back to the account page, saying what was done. */
export function backToAccount(ctx: Context, done?: keyof typeof DONE_NOTICES): void {
  ctx.status = 303;
  ctx.redirect(done ? `/account?done=${done}` : '/account');
}

export interface AccountPageState {
  refused?: { form: AccountForm; errors: FieldErrors };
  addresses?: AddressValues;
  notice?: string;
  alert?: string;
}

/** The account page of the signed-in `user`, with a refused form's problems or a notice. */
export async function showAccountPage(
  ctx: Context,
  deps: ShopDependencies,
  user: User,
  state: AccountPageState = {},
  status = 200,
): Promise<void> {
  const { settings } = deps.store.site.data;
  const translator = shopTranslator(deps.store);
  const defaultCountry = chosenCountry(deps.store, '');
  const addresses = state.addresses ?? addressFormValues(user.addresses, defaultCountry);
  const done = typeof ctx.query.done === 'string' && Object.hasOwn(DONE_NOTICES, ctx.query.done) ? ctx.query.done : '';
  const notice = state.notice ?? (done ? translator.t(DONE_NOTICES[done as keyof typeof DONE_NOTICES]) : undefined);
  const bodyHtml = await renderToString(
    accountPageTemplate({
      user,
      orders: await deps.store.orders.listByUser(user.id),
      translator,
      money: productDisplay(deps.store),
      dates: { locale: storefrontLocale(settings.general.locale), timeZone: settings.general.timezone },
      withdrawalEnabled: settings.compliance.withdrawal_enabled,
      token: formToken(ctx, deps),
      countries: shippingView(deps.store, addresses.shipping_country, 0, [addresses.country]),
      addresses,
      refused: state.refused,
      notice,
      alert: state.alert,
    }),
  );
  await respondWithPage(ctx, deps, { title: translator.t('account.title'), bodyHtml, robots: 'noindex' }, status);
}

/**
 * The signed-in user and the posted fields, once the form guard let the post through; null when the visitor was
 * sent to the login or shown the refusal. The account keeps the storefront language the customer uses for it.
 */
export async function acceptAccountPost(
  ctx: Context,
  deps: ShopDependencies,
  form: AccountForm,
): Promise<{ user: User; fields: Record<string, string> } | null> {
  const user = requireSignIn(ctx);
  if (!user) return null;
  const fields = await formFields(ctx);
  const refusal = await deps.guard.check(ctx, fields);
  if (!refusal) return { user: await rememberStorefrontLanguage(deps.store, user), fields };
  const said = shopTranslator(deps.store).say(refusal.said);
  await showAccountPage(ctx, deps, user, { refused: { form, errors: {} }, alert: said }, refusal.status);
  return null;
}

async function saveAddresses(ctx: Context, deps: ShopDependencies): Promise<void> {
  const posted = await acceptAccountPost(ctx, deps, 'addresses');
  if (!posted) return;
  const { t } = shopTranslator(deps.store);
  const { locale } = deps.store.site.data.settings.general;
  const read = readAddressForm(posted.fields, chosenCountry(deps.store, ''), locale, t);
  if (!read.addresses)
    return showAccountPage(
      ctx,
      deps,
      posted.user,
      { refused: { form: 'addresses', errors: read.errors }, addresses: read.values },
      400,
    );
  await deps.store.users.update(posted.user.id, { addresses: read.addresses });
  backToAccount(ctx, 'addresses');
}

async function changePassword(ctx: Context, deps: ShopDependencies): Promise<void> {
  const posted = await acceptAccountPost(ctx, deps, 'password');
  if (!posted) return;
  const { t } = shopTranslator(deps.store);
  const { current_password: current = '', new_password: next = '', confirm_password: confirm = '' } = posted.fields;
  const errors: FieldErrors = {};
  if (!(await verifyPassword(current.slice(0, 200), posted.user.password_hash)))
    errors.current_password = t('account.wrongPassword');
  if (next.length < PASSWORD_MIN_LENGTH)
    errors.new_password = t('account.shortPassword', { count: PASSWORD_MIN_LENGTH });
  else if (next.length > 200) errors.new_password = t('account.longPassword', { count: 200 });
  else if (confirm !== next) errors.confirm_password = t('account.passwordsDiffer');
  if (Object.keys(errors).length)
    return showAccountPage(ctx, deps, posted.user, { refused: { form: 'password', errors } }, 400);
  await updateOwnAccount(deps.store, posted.user, { password: next }, ctx.state.session?.session ?? null);
  backToAccount(ctx, 'password');
}

async function changeEmail(ctx: Context, deps: ShopDependencies): Promise<void> {
  const posted = await acceptAccountPost(ctx, deps, 'email');
  if (!posted) return;
  const { t } = shopTranslator(deps.store);
  const errors: FieldErrors = {};
  const newEmail = (posted.fields.new_email ?? '').trim().slice(0, 254);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(newEmail)) errors.new_email = t('account.invalidEmail');
  else if (newEmail.toLowerCase() === posted.user.email.toLowerCase()) errors.new_email = t('account.sameEmail');
  else if (signsInWithEmail(posted.user) && !LOGIN_PATTERN.test(newEmail.toLowerCase()))
    errors.new_email = t('account.emailCharacters');
  if (!(await verifyPassword((posted.fields.email_password ?? '').slice(0, 200), posted.user.password_hash)))
    errors.email_password = t('account.wrongPassword');
  if (!errors.new_email && !errors.email_password) {
    try {
      await requestEmailChange(deps.store, deps.mail, posted.user, newEmail);
      return backToAccount(ctx, 'email-sent');
    } catch (error) {
      if (!(error instanceof UserInputError)) throw error;
      errors.new_email = t('account.invalidEmail');
    }
  }
  return showAccountPage(ctx, deps, posted.user, { refused: { form: 'email', errors } }, 400);
}

/** The link from the new address: changes the address, or says why it cannot. */
async function useEmailLink(ctx: Context, deps: ShopDependencies): Promise<void> {
  ctx.set('Referrer-Policy', 'no-referrer');
  const token = typeof ctx.query.token === 'string' ? ctx.query.token : '';
  const outcome = await confirmEmailChange(deps.store, token);
  if (typeof outcome === 'object') {
    const user = signedInUser(ctx);
    if (user?.id === outcome.id) return backToAccount(ctx, 'email-changed');
    const { t } = shopTranslator(deps.store);
    const bodyHtml = await renderToString(
      accountNotice(t('account.emailChanged'), { href: '/login?redirect_to=%2Faccount', label: t('account.logIn') }),
    );
    return respondWithPage(ctx, deps, { title: t('account.emailTitle'), bodyHtml, robots: 'noindex' });
  }
  const { t } = shopTranslator(deps.store);
  const said = outcome === 'taken' ? t('account.emailTaken') : t('account.emailLinkClosed');
  const bodyHtml = await renderToString(accountNotice(said, { href: '/account', label: t('account.title') }, true));
  await respondWithPage(ctx, deps, { title: t('account.emailTitle'), bodyHtml, robots: 'noindex' }, 410);
}

/** A page of one sentence and the way on. */
export const accountNotice = (said: string, next: { href: string; label: string }, isError = false) =>
  html`<p class="notice ${isError ? 'notice--error' : ''}" role=${isError ? 'alert' : 'status'}>${said}</p>
    <p><a class="button button--primary" href=${next.href}>${next.label}</a></p>`;

export function accountPageRoutes(deps: ShopDependencies): Router {
  return new Router()
    .get('/account', async (ctx) => {
      const user = requireSignIn(ctx);
      if (user) await showAccountPage(ctx, deps, user);
    })
    .post('/account/addresses', (ctx) => saveAddresses(ctx, deps))
    .post('/account/password', (ctx) => changePassword(ctx, deps))
    .post('/account/email', (ctx) => changeEmail(ctx, deps))
    .get('/account/email/confirm', (ctx) => useEmailLink(ctx, deps));
}

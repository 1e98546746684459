/**
 * Registering as a shopper does: the form, then the link from the e-mail (read from the outbox, where the shop queued
 * it), then the button on the page the link opens.
 */
import assert from 'node:assert/strict';
import type { Store } from '../../../server/store/store.js';
import type { PageAnswer, Visitor } from './visitor.js';

/** The path of the newest registration link queued for `email`; fails when none is. */
export async function registrationLinkFor(store: Store, email: string): Promise<string> {
  const { messages } = await store.outbox.list({ page: 1, perPage: 50, recipient: email });
  const message = messages.find(
    (candidate) => candidate.kind === 'account-confirmation' && candidate.to.toLowerCase() === email.toLowerCase(),
  );
  assert.ok(message, `a registration link was queued for ${email}`);
  const url = /https?:\/\/[^\s]+\/register\/confirm\?token=[\w%-]+/.exec(message.text)?.[0];
  assert.ok(url, 'the message carries the link');
  return new URL(url).pathname + new URL(url).search;
}

/** Follows the link e-mailed to `email` and presses its button: answers the button's answer (a 303 to the account). */
export async function confirmRegistration(visitor: Visitor, store: Store, email: string): Promise<PageAnswer> {
  const link = await registrationLinkFor(store, email);
  const confirmation = await visitor.get(link);
  assert.equal(confirmation.status, 200);
  return visitor.post('/register/confirm', { token: new URLSearchParams(link.split('?')[1]).get('token')! });
}

/** Posts the form, then confirms the registration as its e-mail's reader would (see {@link confirmRegistration}). */
export async function registerThroughLink(
  visitor: Visitor,
  store: Store,
  fields: Record<string, string>,
): Promise<PageAnswer> {
  await visitor.get('/register');
  const answer = await visitor.post('/register', fields);
  assert.equal(answer.status, 200, answer.html.slice(0, 500));
  assert.match(answer.html, /Sprawdź skrzynkę e-mail/);
  return confirmRegistration(visitor, store, fields.email!);
}

/**
 * Carts and contact messages in their own files (carts.json is written on every cart change, messages.json once per
 * submission; orders: lowdb-orders.ts; withdrawals: lowdb-withdrawals.ts). A message is written first and its consent
 * evidence right after, with the reference filled in.
 */
import type { Cart, ConsentRecord } from '../schema.js';
import type { CartRepository, MessageRepository } from '../store.js';
import type { JsonDocument } from './json-document.js';
import { pendOutbox } from './lowdb-outbox.js';
import type { CartsFile, MessagesFile } from './lowdb-files.js';

export type RecordConsent = (records: readonly ConsentRecord[]) => Promise<void>;

export const newestFirst = <T extends { id: number }>(items: readonly T[]) => [...items].sort((a, b) => b.id - a.id);
export const withReference = (records: readonly ConsentRecord[], reference: string) =>
  records.map((record) => ({ ...record, reference }));

export function lowdbCarts(document: JsonDocument<CartsFile>): CartRepository {
  return {
    async find(tokenHash) {
      return (await document.current()).carts.find((cart) => cart.token_hash === tokenHash) ?? null;
    },
    update(tokenHash, change) {
      return document.update((draft) => {
        const index = draft.carts.findIndex((cart) => cart.token_hash === tokenHash);
        const current: Cart =
          index >= 0 ? draft.carts[index]! : { token_hash: tokenHash, user_id: null, lines: [], updated_at: '' };
        const lines = change(structuredClone(current.lines));
        if (lines.length === 0) {
          if (index >= 0) draft.carts.splice(index, 1);
          return null;
        }
        const updated: Cart = { ...current, lines, updated_at: new Date().toISOString() };
        if (index >= 0) draft.carts[index] = updated;
        else draft.carts.push(updated);
        return structuredClone(updated);
      });
    },
    claim(tokenHash, userId, merge) {
      return document.update((draft) => {
        const others = draft.carts.filter((cart) => cart.user_id === userId && cart.token_hash !== tokenHash);
        let lines = draft.carts.find((cart) => cart.token_hash === tokenHash)?.lines ?? [];
        for (const other of others) lines = merge(lines, other.lines);
        draft.carts = draft.carts.filter((cart) => cart.token_hash !== tokenHash && !others.includes(cart));
        if (lines.length === 0) return null;
        const claimed: Cart = { token_hash: tokenHash, user_id: userId, lines, updated_at: new Date().toISOString() };
        draft.carts.push(claimed);
        return structuredClone(claimed);
      });
    },
  };
}

export function lowdbMessages(document: JsonDocument<MessagesFile>, recordConsent: RecordConsent): MessageRepository {
  return {
    async create(message, consent, outbox) {
      const stored = await document.update((draft) => {
        draft.last_id += 1;
        const created = { ...message, id: draft.last_id };
        draft.messages.push(created);
        pendOutbox(draft, outbox, created);
        return structuredClone(created);
      });
      await recordConsent(withReference(consent, `message:${stored.id}`));
      return stored;
    },
    async list() {
      return newestFirst((await document.current()).messages);
    },
  };
}

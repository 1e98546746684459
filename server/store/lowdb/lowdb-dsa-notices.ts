/**
 * `Store.dsaNotices` on lowdb: its own durable document, `dsa-notices.json`, since notices arrive from the public
 * storefront and must not make the often-read site file grow. Each write is one locked change of that file.
 */
import { dsaNoticeReference, type DsaNotice } from '../schema.js';
import { StoreNotFoundError, type DsaNoticeRepository } from '../store.js';
import type { z } from 'zod';
import type { dsaNoticesFileSchema } from './file-schemas.js';
import type { JsonDocument } from './json-document.js';
import { pendOutbox } from './lowdb-outbox.js';

export type DsaNoticesFile = z.output<typeof dsaNoticesFileSchema>;

export function lowdbDsaNotices(document: JsonDocument<DsaNoticesFile>): DsaNoticeRepository {
  return {
    create(notice, outbox) {
      return document.update((draft) => {
        const id = (draft.last_id += 1);
        const stored: DsaNotice = {
          ...notice,
          id,
          reference: dsaNoticeReference(id, notice.created_at),
          status: 'received',
          updated_at: notice.created_at,
          decision_note: '',
        };
        draft.notices.push(stored);
        pendOutbox(draft, outbox, stored);
        return structuredClone(stored);
      });
    },
    async list() {
      return structuredClone((await document.current()).notices);
    },
    async find(id) {
      const found = (await document.current()).notices.find((notice) => notice.id === id);
      return found ? structuredClone(found) : null;
    },
    setStatus(id, change, updatedAt, outbox) {
      return document.update((draft) => {
        const notice = draft.notices.find((candidate) => candidate.id === id);
        if (!notice) throw new StoreNotFoundError(`There is no DSA notice with the id ${id}.`);
        notice.status = change.status;
        if (change.decision_note !== undefined) notice.decision_note = change.decision_note;
        notice.updated_at = updatedAt;
        pendOutbox(draft, outbox, notice);
        return structuredClone(notice);
      });
    },
  };
}

/** Users and sessions in `users.json` and `sessions.json`. Every method reads the freshest file first. */
import type { ApplicationPassword, Session, User } from '../schema.js';
import {
  StoreConflictError,
  StoreNotFoundError,
  type ApiKey,
  type ApiKeyRepository,
  type NewUser,
  type SessionRepository,
  type UserRepository,
} from '../store.js';
import type { JsonDocument } from './json-document.js';
import { pendOutbox } from './lowdb-outbox.js';
import type { SessionsFile, UsersFile } from './lowdb-files.js';

/** Lookup tables built once per loaded copy of a file (the copy is replaced, never changed, when the file changes). */
function memoizeByCopy<K extends object, V>(build: (key: K) => V): (key: K) => V {
  const cache = new WeakMap<K, V>();
  return (key) => {
    let value = cache.get(key);
    if (value === undefined) cache.set(key, (value = build(key)));
    return value;
  };
}

const usersByName = memoizeByCopy((users: readonly User[]) => {
  const byName = new Map<string, User>();
  // Logins first, so that a login wins over another user's identical e-mail (creation prevents that anyway).
  for (const user of users) byName.set(user.email.toLowerCase(), user);
  // Lower-cased like the e-mail: the lookup lower-cases what it is given, so a login with a capital (`Anna`) was
  // never found by its login, in any case (the store contract's "case-insensitive" lookup).
  for (const user of users) byName.set(user.login.toLowerCase(), user);
  return byName;
});
const usersById = memoizeByCopy((users: readonly User[]) => new Map(users.map((user) => [user.id, user])));
const sessionsByHash = memoizeByCopy(
  (sessions: readonly Session[]) => new Map(sessions.map((session) => [session.token_hash, session])),
);

/** Checked on the draft that is about to be written, which the memoized tables above must never see (it changes). */
const emailTaken = (email: string) =>
  new StoreConflictError('email', `The e-mail "${email}" is already used by another user.`);

function conflictFor(users: readonly User[], candidate: NewUser): StoreConflictError | null {
  const login = candidate.login.toLowerCase();
  const email = candidate.email.toLowerCase();
  const names = (user: User) => [user.login.toLowerCase(), user.email.toLowerCase()];
  if (login && users.some((user) => names(user).includes(login)))
    return new StoreConflictError('login', `The login "${candidate.login}" is already taken.`);
  if (users.some((user) => names(user).includes(email))) return emailTaken(candidate.email);
  return null;
}

export function lowdbUsers(document: JsonDocument<UsersFile>): UserRepository {
  return {
    async findByLogin(loginOrEmail) {
      return usersByName((await document.current()).users).get(loginOrEmail.trim().toLowerCase()) ?? null;
    },
    async findById(id) {
      return usersById((await document.current()).users).get(id) ?? null;
    },
    async list() {
      return [...(await document.current()).users];
    },
    create(candidate, outbox) {
      return document.update((draft) => {
        const conflict = conflictFor(draft.users, candidate);
        if (conflict) throw conflict;
        draft.last_id += 1;
        const user: User = { ...candidate, id: draft.last_id, app_passwords: [] };
        draft.users.push(user);
        pendOutbox(draft, outbox, user);
        return structuredClone(user);
      });
    },
    async addApplicationPassword(userId: number, password: ApplicationPassword) {
      await document.update((draft) => {
        const user = draft.users.find((candidate) => candidate.id === userId);
        if (!user) throw new StoreNotFoundError(`There is no user with the id ${userId}.`);
        user.app_passwords.push(password);
      });
    },
    update(userId, changes) {
      return document.update((draft) => {
        const user = draft.users.find((candidate) => candidate.id === userId);
        if (!user) throw new StoreNotFoundError(`There is no user with the id ${userId}.`);
        const others = draft.users.filter((candidate) => candidate.id !== userId);
        if (changes.email !== undefined && conflictFor(others, { ...user, login: '', email: changes.email }))
          throw emailTaken(changes.email);
        const login = changes.login?.toLowerCase();
        if (
          login !== undefined &&
          others.some((other) => [other.login, other.email].some((name) => name.toLowerCase() === login))
        )
          throw new StoreConflictError('login', `The login "${changes.login}" is already taken.`);
        Object.assign(user, structuredClone(changes));
        // '' is the default (the shop's language), stored as no field, as PostgreSQL's reader gives it.
        if (user.locale === '') delete user.locale;
        return structuredClone(user);
      });
    },
    anonymise(userId, identity, record, outbox) {
      return document.update((draft) => {
        const user = draft.users.find((candidate) => candidate.id === userId);
        if (!user) throw new StoreNotFoundError(`There is no user with the id ${userId}.`);
        pendOutbox(draft, outbox, structuredClone(user));
        Object.assign(user, identity, { roles: [], app_passwords: [], erasure_request: structuredClone(record) });
        delete user.addresses;
        draft.api_keys = draft.api_keys.filter((key) => key.user_id !== userId);
        draft.password_resets = draft.password_resets.filter((reset) => reset.user_id !== userId);
        return structuredClone(user);
      });
    },
    deleteApplicationPassword(userId, uuid) {
      return document.update((draft) => {
        const user = draft.users.find((candidate) => candidate.id === userId);
        const before = user?.app_passwords.length ?? 0;
        if (user) user.app_passwords = user.app_passwords.filter((password) => password.uuid !== uuid);
        return (user?.app_passwords.length ?? 0) < before;
      });
    },
    async createPasswordReset(reset, outbox) {
      await document.update((draft) => {
        if (!draft.users.some((user) => user.id === reset.user_id))
          throw new StoreNotFoundError(`There is no user with the id ${reset.user_id}.`);
        // Used and expired requests go whenever a new one is written, so the list cannot grow without bound.
        draft.password_resets = draft.password_resets.filter(
          (existing) => existing.used_at === null && existing.expires_at > reset.created_at,
        );
        draft.password_resets.push(structuredClone(reset));
        pendOutbox(draft, outbox, reset);
      });
    },
    resetPassword(tokenHash, passwordHash, now) {
      return document.update((draft) => {
        const at = now.toISOString();
        const reset = draft.password_resets.find((candidate) => candidate.token_hash === tokenHash);
        const user = reset && draft.users.find((candidate) => candidate.id === reset.user_id);
        if (!reset || !user || reset.used_at !== null || reset.expires_at <= at) return null;
        for (const other of draft.password_resets)
          if (other.user_id === user.id && other.used_at === null) other.used_at = at;
        user.password_hash = passwordHash;
        return structuredClone(user);
      });
    },
    async isPasswordResetOpen(tokenHash, now) {
      const at = now.toISOString();
      return (await document.current()).password_resets.some(
        (reset) => reset.token_hash === tokenHash && reset.used_at === null && reset.expires_at > at,
      );
    },
    async recordApplicationPasswordUse(userId, uuid, usedAt, ip) {
      await document.update((draft) => {
        const password = draft.users
          .find((user) => user.id === userId)
          ?.app_passwords.find((candidate) => candidate.uuid === uuid);
        if (!password) return;
        password.last_used = usedAt;
        password.last_ip = ip;
      });
    },
  };
}

const keysByHash = memoizeByCopy((keys: readonly ApiKey[]) => new Map(keys.map((key) => [key.consumer_key_hash, key])));

/** API keys in `users.json`; their OAuth nonces through `useNonce` (lowdb-oauth-nonces.ts). */
export function lowdbApiKeys(
  document: JsonDocument<UsersFile>,
  useNonce: ApiKeyRepository['useNonce'],
): ApiKeyRepository {
  return {
    create(candidate) {
      return document.update((draft) => {
        if (!draft.users.some((user) => user.id === candidate.user_id))
          throw new StoreNotFoundError(`There is no user with the id ${candidate.user_id}.`);
        if (draft.api_keys.some((key) => key.consumer_key_hash === candidate.consumer_key_hash)) {
          throw new StoreConflictError('consumer_key', 'This consumer key is already in use.');
        }
        draft.last_api_key_id += 1;
        const key: ApiKey = { ...candidate, id: draft.last_api_key_id, last_access: null };
        draft.api_keys.push(key);
        return structuredClone(key);
      });
    },
    async findByConsumerKeyHash(hash) {
      return keysByHash((await document.current()).api_keys).get(hash) ?? null;
    },
    async list() {
      return structuredClone((await document.current()).api_keys).sort((a, b) => a.id - b.id);
    },
    remove(id) {
      return document.update((draft) => {
        const key = draft.api_keys.find((kept) => kept.id === id);
        if (!key) return null;
        draft.api_keys = draft.api_keys.filter((kept) => kept !== key);
        return structuredClone(key);
      });
    },
    async recordAccess(id, at) {
      await document.update((draft) => {
        const key = draft.api_keys.find((kept) => kept.id === id);
        if (key) key.last_access = at;
      });
    },
    useNonce,
  };
}

export function lowdbSessions(document: JsonDocument<SessionsFile>, users: JsonDocument<UsersFile>): SessionRepository {
  return {
    async create(session) {
      if (!usersById((await users.current()).users).has(session.user_id)) {
        throw new StoreNotFoundError(`There is no user with the id ${session.user_id}.`);
      }
      await document.update((draft) => {
        // Expired sessions go whenever a new one is written, so the file cannot grow without bound.
        draft.sessions = draft.sessions.filter((existing) => existing.expires_at > session.created_at);
        draft.sessions.push(session);
      });
    },
    async find(tokenHash, now) {
      const session = sessionsByHash((await document.current()).sessions).get(tokenHash);
      if (!session || session.expires_at <= now.toISOString()) return null;
      const user = usersById((await users.current()).users).get(session.user_id);
      return user ? { session, user } : null;
    },
    async delete(tokenHash) {
      await document.update((draft) => {
        draft.sessions = draft.sessions.filter((session) => session.token_hash !== tokenHash);
      });
    },
    deleteOfUser(userId, exceptTokenHash) {
      return document.update((draft) => {
        const before = draft.sessions.length;
        draft.sessions = draft.sessions.filter(
          (session) => session.user_id !== userId || session.token_hash === exceptTokenHash,
        );
        return before - draft.sessions.length;
      });
    },
    async list(now) {
      const at = now.toISOString();
      return (await document.current()).sessions
        .filter((session) => session.expires_at > at)
        .sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
    },
  };
}

/**
 * The nonces of OAuth-signed API requests in a data folder: `oauth-nonces.ndjson`, one used nonce per line, appended.
 *
 * Every signed request records one, so recording must cost little: an append without an fsync, rather than a durable
 * rewrite of a JSON file (which made each signed request about ten times slower here: ~40 ms against ~4 ms). What an
 * fsync would add: after a power cut the last nonces may be lost, and a request signed in the 15 minutes before it
 * could then be replayed once. No shop data is at stake.
 *
 * The check and the append run under the process lock, after reading what other processes appended, so two processes
 * on one folder cannot both accept a nonce. Once most lines have expired, the file is rewritten with the live ones.
 */
import { appendFile, stat } from 'node:fs/promises';
import { writeFileDurably } from './durable-write.js';
import { withProcessLock } from './process-lock.js';
import { readRange } from './read-range.js';

/** Lines the file may hold before it is rewritten, if at least half of them have expired. */
const COMPACT_AFTER_LINES = 10_000;

interface UsedNonce {
  key_id: number;
  nonce: string;
  expires_at: string;
}

interface ReadState {
  /** The file read so far: its inode (a rewrite replaces it) and the bytes of whole lines read. */
  inode: number;
  bytes: number;
  lines: number;
  /** `keyId \n nonce` -> when it may be forgotten. */
  expiry: Map<string, string>;
}

const emptyState = (inode = -1): ReadState => ({ inode, bytes: 0, lines: 0, expiry: new Map() });
const idOf = (keyId: number, nonce: string) => `${keyId}\n${nonce}`;

function isUsedNonce(value: unknown): value is UsedNonce {
  const candidate = value as UsedNonce | null;
  return (
    typeof candidate?.key_id === 'number' &&
    typeof candidate.nonce === 'string' &&
    typeof candidate.expires_at === 'string'
  );
}

/**
 * `Store.apiKeys.useNonce` on the file `file`.
 * @param options.compactAfterLines lines the file may hold before it is rewritten, if at least half have expired
 */
export function lowdbOAuthNonces(
  file: string,
  { compactAfterLines = COMPACT_AFTER_LINES }: { compactAfterLines?: number } = {},
): (keyId: number, nonce: string, expiresAt: string, now: Date) => Promise<boolean> {
  let state = emptyState();

  /**
   * Reads the whole lines appended since the last read (by any process); a replaced file is read from its start.
   * @returns whether the file ends in a torn line (a crash during an append), which the next append must not extend
   */
  async function readNewLines(): Promise<boolean> {
    const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (!info) {
      state = emptyState();
      return false;
    }
    if (info.ino !== state.inode || info.size < state.bytes) state = emptyState(info.ino);
    if (info.size === state.bytes) return false;
    const tail = await readRange(file, state.bytes, info.size);
    const end = tail.lastIndexOf(0x0a) + 1;
    for (const line of tail.subarray(0, end).toString('utf8').split('\n')) {
      if (line === '') continue;
      state.lines += 1;
      let used: unknown;
      try {
        used = JSON.parse(line);
      } catch {
        continue; // A line torn by a crash, later completed by the next append's newline: nothing to learn from it.
      }
      if (isUsedNonce(used)) state.expiry.set(idOf(used.key_id, used.nonce), used.expires_at);
    }
    state.bytes += end;
    return end < tail.length;
  }

  /** Rewrites the file with the nonces not yet expired at `at`. */
  async function compact(at: string): Promise<void> {
    for (const [id, expiresAt] of state.expiry) if (expiresAt <= at) state.expiry.delete(id);
    const lines = [...state.expiry].map(([id, expiresAt]) => {
      const split = id.indexOf('\n');
      return `${JSON.stringify({ key_id: Number(id.slice(0, split)), nonce: id.slice(split + 1), expires_at: expiresAt })}\n`;
    });
    await writeFileDurably(file, lines.join(''));
    const info = await stat(file);
    state = { inode: info.ino, bytes: info.size, lines: lines.length, expiry: state.expiry };
  }

  return (keyId, nonce, expiresAt, now) =>
    withProcessLock(file, async () => {
      const torn = await readNewLines();
      const at = now.toISOString();
      const known = state.expiry.get(idOf(keyId, nonce));
      if (known !== undefined && known > at) return false;
      const line = `${torn ? '\n' : ''}${JSON.stringify({ key_id: keyId, nonce, expires_at: expiresAt } satisfies UsedNonce)}\n`;
      await appendFile(file, line, { mode: 0o600 });
      // The next read starts after this line (and after the torn one it closed).
      const info = await stat(file);
      state = { ...state, inode: info.ino, bytes: info.size, lines: state.lines + 1 };
      state.expiry.set(idOf(keyId, nonce), expiresAt);
      if (state.lines > compactAfterLines) {
        const live = [...state.expiry.values()].filter((expiry) => expiry > at).length;
        if (live * 2 < state.lines) await compact(at);
      }
      return true;
    });
}

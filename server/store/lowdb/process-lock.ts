/**
 * A lock between processes on one machine that the kernel releases when its holder dies.
 *
 * A lock *file* outlives a process killed with `kill -9`, and taking over a stale one safely needs a compare-and-swap
 * the file system does not offer: two processes that both find it stale can both end up holding it. On Linux a
 * socket in the abstract namespace is owned by the kernel: binding its name succeeds for exactly one process at a
 * time, and the name is free the instant that process's sockets close, whichever way it died. So nothing is ever left
 * behind to take over, and a crash costs the next writer no wait at all.
 *
 * Elsewhere (no abstract namespace) the socket is a file beside the data; a holder that died leaves it, and the next
 * one finds it dead (connection refused) and takes it over.
 */
import { createHash } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import { connect, createServer, type Server } from 'node:net';
import path from 'node:path';

const RETRY_MIN_MS = 2;
const RETRY_MAX_MS = 25;
const GIVE_UP_AFTER_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function socketAddress(resource: string): string {
  if (process.platform === 'linux') {
    return `\0vitrine-lock-${createHash('sha256').update(path.resolve(resource)).digest('hex').slice(0, 40)}`;
  }
  return `${resource}.lock.sock`;
}

function listen(address: string): Promise<Server | null> {
  return new Promise((resolve, reject) => {
    const server = createServer((socket) => socket.destroy());
    server.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' ? resolve(null) : reject(error),
    );
    server.listen({ path: address, exclusive: true }, () => resolve(server));
  });
}

/** For a socket file: true when nobody answers on it any more, so its holder is gone. */
function holderIsGone(address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ path: address });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) =>
      resolve(error.code === 'ECONNREFUSED' || error.code === 'ENOENT'),
    );
  });
}

async function acquire(resource: string): Promise<Server> {
  const address = socketAddress(resource);
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    const server = await listen(address);
    if (server) return server;
    if (!address.startsWith('\0') && (await holderIsGone(address))) {
      await unlink(address).catch(() => {});
      continue;
    }
    if (Date.now() - started > GIVE_UP_AFTER_MS) {
      throw new Error(
        `${resource} has been locked by another Vitrine process for over ${GIVE_UP_AFTER_MS / 1000} s. Is a command stuck?`,
      );
    }
    await sleep(Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** Math.min(attempt, 4)) * (0.5 + Math.random()));
  }
}

function release(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

/** Per resource, this process's own holders queue here, so that they do not compete through the kernel. */
const queues = new Map<string, Promise<unknown>>();

/**
 * Runs `work` while this process holds the lock named by `resource` (a file path), exclusive among every process of
 * the machine that uses the same name.
 * @example await withProcessLock('/srv/shop/data/users.json', () => rewriteUsers());
 */
export function withProcessLock<T>(resource: string, work: () => Promise<T>): Promise<T> {
  const key = path.resolve(resource);
  const run = async () => {
    const held = await acquire(key);
    try {
      return await work();
    } finally {
      await release(held);
    }
  };
  const previous = queues.get(key) ?? Promise.resolve();
  const result = previous.then(run, run);
  const settled = result.catch(() => {});
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return result;
}

/**
 * Starts a worker thread on a module of this code base. The server runs its TypeScript through tsx, whose loader a
 * worker does not inherit: a `.ts` entry is started through a two-line bootstrap that registers tsx first. A compiled
 * `.js` entry starts as it is.
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';

export function startWorker(entry: URL, options: WorkerOptions = {}): Worker {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, options);
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}

/**
 * Starts a worker thread or a child process on a module of this code base. The server runs its TypeScript through
 * tsx, whose loader neither inherits: a `.ts` entry is started with tsx registered first. A compiled `.js` entry
 * starts as it is.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

export function startWorker(entry: URL, options: WorkerOptions = {}): Worker {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, options);
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}

/**
 * A child process on `entry`, messages structured-cloned both ways (`serialization: 'advanced'`), its output in this
 * process's, with a heap of `maxOldGenerationSizeMb`.
 */
export function startChildProcess(
  entry: URL,
  { maxOldGenerationSizeMb }: { maxOldGenerationSizeMb: number },
): ChildProcess {
  const tsx = entry.pathname.endsWith('.ts') ? ['--import', 'tsx'] : [];
  return fork(fileURLToPath(entry), [], {
    execArgv: [...tsx, `--max-old-space-size=${maxOldGenerationSizeMb}`],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

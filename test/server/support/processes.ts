/**
 * Real Vitrine processes for tests: the `vitrine` command, and servers started the way an operator starts them
 * (`node server/main.js` of the compiled server, bin/server-build.js), which a test may kill with SIGKILL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { compiledModule } from '../../../bin/server-build.js';
import { SERVER_NODE_FLAGS } from '../../../bin/server-flags.js';
import { TEST_DEMO_LANGUAGE } from '../../support/data-template.js';

const BIN = fileURLToPath(new URL('../../../bin/vitrine.js', import.meta.url));
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface CommandOutcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `vitrine ...args` to its end. */
export function vitrine(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CommandOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { ...process.env, DEMO_LANGUAGE: TEST_DEMO_LANGUAGE, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Milliseconds from spawn until the server said it was serving. */
  startedInMs: number;
  output(): string;
  /** SIGKILL: no shutdown code runs, as in a crash or a power cut. */
  kill(): Promise<void>;
  /** SIGTERM, then wait for the exit. */
  stop(): Promise<void>;
}

/** Starts a server on a free port with `env` (DATA_DIR, DATABASE_URL, ...) and resolves once it is serving. */
export async function startServerProcess(env: NodeJS.ProcessEnv, timeoutMs = 20_000): Promise<ServerProcess> {
  // Compiled (when the sources changed) before the clock starts: a start is timed as an operator's would be.
  const main = await compiledModule('server/main.ts');
  const started = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, main], {
    cwd: ROOT,
    // No warm-up unless a test asks for one: its seconds of requests would run beside the test (and beside the other
    // test files).
    env: {
      ...process.env,
      DEMO_LANGUAGE: TEST_DEMO_LANGUAGE,
      HOST: '127.0.0.1',
      PORT: '0',
      WARM_UP_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const waitForExit = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The server did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = /Vitrine is serving (http:\/\/[^/\s]+)\//.exec(output);
      if (!match) return;
      clearTimeout(timer);
      resolve({
        child,
        url: match[1]!,
        startedInMs: performance.now() - started,
        output: () => output,
        kill: () => waitForExit('SIGKILL'),
        stop: () => waitForExit('SIGTERM'),
      });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (${code ?? signal}) before it served:\n${output}`));
    });
  });
}

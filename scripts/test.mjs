#!/usr/bin/env node
// `npm test`: type check, client build, browser tests (web-test-runner), then the server and end-to-end tests
// (node:test) last, so that their `# pass` / `# fail` summary closes the output. `npm test -- server` runs one stage.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_PATH } from '../test/chromium.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const only = process.argv[2];
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

/** Exit code of a stage run with `{exit: false}` that failed; the caller exits after its cleanup. */
let failed = 0;

function run(label, command, args, env = {}, { exit = true } = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n✖ ${label} failed (exit ${result.status ?? result.signal}).`);
    if (!exit) {
      failed = result.status || 1;
      return;
    }
    process.exit(result.status || 1);
  }
}

function filesUnder(directory, suffix) {
  const full = path.join(root, directory);
  if (!existsSync(full)) return [];
  return readdirSync(full, { recursive: true })
    .map((entry) => path.join(directory, String(entry)))
    .filter((file) => file.endsWith(suffix) && statSync(path.join(root, file)).isFile())
    .sort();
}

/** Browser tests need Debian's Chromium; as root with apt-get we install it, otherwise we say what to install. */
function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return;
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    console.error(`Chromium is missing at ${CHROMIUM_PATH}. Install Debian's "chromium" package ` +
      '(sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary, then run npm test again.');
    process.exit(1);
  }
  run('Installing Chromium (apt-get install chromium)', 'sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium']);
}

const stages = {
  typecheck: () => {
    run('Layer check (dependency-cruiser: imports point down the layers of docs/architecture.md)', bin('depcruise'), ['server', 'client', 'shortcodes', 'blocks', '--config', '.dependency-cruiser.cjs', '--output-type', 'err']);
    run('Type check (tsc)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
    // The admin (React, JSX, bundler resolution) has its own settings.
    run('Type check of the admin (tsc)', bin('tsc'), ['--noEmit', '-p', 'client/admin/tsconfig.json']);
  },
  build: () => run('Client build (vite)', bin('vite'), ['build', '--logLevel', 'warn']),
  browser: () => {
    ensureChromium();
    run('Browser tests (web-test-runner, Chromium)', bin('web-test-runner'), ['--config', 'web-test-runner.config.js']);
  },
  server: async () => {
    const files = [...filesUnder('test/server', '.test.ts'), ...filesUnder('test/e2e', '.test.ts')];
    if (files.some((file) => file.startsWith('test/e2e'))) ensureChromium();
    // One PostgreSQL cluster for every test file (each makes its own databases), stopped afterwards even on failure.
    // A cluster named by VITRINE_TEST_POSTGRES_URL (e.g. a CI service) is used instead of starting one.
    const cluster = process.env.VITRINE_TEST_POSTGRES_URL ? null : await startPostgres();
    const env = { NODE_ENV: 'test', ...(cluster ? { VITRINE_TEST_POSTGRES_URL: cluster.url } : {}) };
    try {
      // One file at a time (node:test's default on 2 cores): the stress tests time restarts and floods, and two
      // browser tests at once measured no faster (13.5 minutes against 13) while making waits race.
      run('Server and end-to-end tests (node:test)', process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...files], env, { exit: false });
    } finally {
      await cluster?.stop();
    }
    if (failed) process.exit(failed);
  },
};

/** The test cluster of test/support/postgres.ts (TypeScript, hence tsx's loader). */
async function startPostgres() {
  const { tsImport } = await import('tsx/esm/api');
  const { startTestPostgres } = await tsImport('../test/support/postgres.ts', import.meta.url);
  const started = performance.now();
  const cluster = await startTestPostgres();
  console.log(`\n▶ PostgreSQL for tests started in ${Math.round(performance.now() - started)} ms (${cluster.directory})`);
  return cluster;
}

if (only) {
  if (!stages[only]) {
    console.error(`Unknown stage "${only}". Stages: ${Object.keys(stages).join(', ')}.`);
    process.exit(2);
  }
  if (only === 'server' || only === 'browser') stages.build();
  await stages[only]();
} else {
  for (const stage of Object.values(stages)) await stage();
}

#!/usr/bin/env node
// `npm test`: type check, client build, browser tests (web-test-runner), then the server and end-to-end tests
// (node:test) last, so that their `# pass` / `# fail` summary closes the output. `npm test -- server` runs one stage.
// `npm run test:stress` (`node scripts/test.mjs stress`) runs the stress tests of test/stress, which `npm test` leaves
// out: crashes, floods, timings and many processes at once.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
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
    // Every test file under test/ but the browser tests (web-test-runner's), the stress tests (their own stage) and
    // the end-to-end files, which run together in one process through test/e2e/all.ts (one Chromium, one server).
    const separate = ['test/browser/', 'test/e2e/', 'test/stress/'];
    const files = [...filesUnder('test', '.test.ts').filter((file) => !separate.some((folder) => file.startsWith(folder))), 'test/e2e/all.ts'];
    ensureChromium();
    await withTestData(async (env) => {
      // Two files at a time: the end-to-end process beside the server files, on the 2 cores.
      run('Server and end-to-end tests (node:test)', process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', ...files], env, { exit: false });
    });
    if (failed) process.exit(failed);
  },
};

/** Stages run only when named: `node scripts/test.mjs stress`. */
const namedStages = {
  stress: async () => {
    const files = filesUnder('test/stress', '.test.ts');
    // Their servers serve pages, which need the client bundle: built unless `npm test` has just built it.
    const { tsImport } = await import('tsx/esm/api');
    const { buildClientIfStale } = await tsImport('../server/site/client-build.ts', import.meta.url);
    await buildClientIfStale((message) => console.log(`\n▶ ${message}`));
    await withTestData(async (env) => {
      // One file at a time: they time restarts and floods, which anything beside them would slow down.
      run('Stress tests (node:test)', process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...files], env, { exit: false });
    });
    if (failed) process.exit(failed);
  },
};

/**
 * Runs `work` with what every node:test file of a run shares, given through the environment: one PostgreSQL cluster
 * (each file makes its own databases; a cluster named by VITRINE_TEST_POSTGRES_URL, e.g. a CI service, is used
 * instead of starting one) and one seeded data folder that test servers copy instead of seeding their own. Both are
 * removed afterwards, even on failure.
 */
async function withTestData(work) {
  const { tsImport } = await import('tsx/esm/api');
  const cluster = process.env.VITRINE_TEST_POSTGRES_URL ? null : await startPostgres(tsImport);
  const { makeDataTemplate, TEMPLATE_ENV } = await tsImport('../test/support/data-template.ts', import.meta.url);
  const template = await makeDataTemplate();
  const env = { NODE_ENV: 'test', [TEMPLATE_ENV]: template.root, ...(cluster ? { VITRINE_TEST_POSTGRES_URL: cluster.url } : {}) };
  try {
    await work(env);
  } finally {
    rmSync(template.root, { recursive: true, force: true });
    await cluster?.stop();
  }
}

/** The test cluster of test/support/postgres.ts (TypeScript, hence tsx's loader). */
async function startPostgres(tsImport) {
  const { startTestPostgres } = await tsImport('../test/support/postgres.ts', import.meta.url);
  const started = performance.now();
  const cluster = await startTestPostgres();
  console.log(`\n▶ PostgreSQL for tests started in ${Math.round(performance.now() - started)} ms (${cluster.directory})`);
  return cluster;
}

if (only) {
  const stage = stages[only] ?? namedStages[only];
  if (!stage) {
    console.error(`Unknown stage "${only}". Stages: ${[...Object.keys(stages), ...Object.keys(namedStages)].join(', ')}.`);
    process.exit(2);
  }
  if (only === 'server' || only === 'browser') stages.build();
  await stage();
} else {
  for (const stage of Object.values(stages)) await stage();
}

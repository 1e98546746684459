#!/usr/bin/env node
// `npm test`: the checks with the client build beside them, then the server and end-to-end tests (node:test) with the
// browser tests (web-test-runner) beside them; then where the time went (each stage, the slowest test files), and node:test's `# pass` / `# fail`
// summary again as the last lines, where CI reads it. `npm test -- server` runs one stage. VITRINE_TEST_TIMES=<file>
// writes every test file's time there as JSON.
// `npm run test:stress` (`node scripts/test.mjs stress`) runs the stress tests of test/stress, which `npm test` leaves
// out: crashes, floods, timings and many processes at once.
import { spawn, spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { currentServerBuild } from '../bin/server-build.js';
import { CHROMIUM_PATH } from '../test/chromium.js';
import {
  GROUPED_FOLDERS,
  inProcessTestFiles,
  SERVER_GROUPS,
  serverGroupFiles,
} from '../test/support/in-process-files.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const only = process.argv[2];
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

/** Exit code of a stage run with `{exit: false}` that failed; the caller exits after its cleanup. */
let failed = 0;

/** How long each step took, in order, for the table at the end: `{ label, ms }`. */
const timings = [];
/** What the node:test reporter of test-durations.mjs wrote: per-file times and the closing counts. */
let testReport;

function run(label, command, args, env = {}, { exit = true, timing = label } = {}) {
  console.log(`\n▶ ${label}`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  timings.push({ label: timing, ms: performance.now() - started });
  if (result.status !== 0) {
    console.error(`\n✖ ${label} failed (exit ${result.status ?? result.signal}).`);
    if (!exit) {
      failed = result.status || 1;
      return;
    }
    process.exit(result.status || 1);
  }
}

/**
 * Starts a step beside the ones that follow, its output kept in a file (a pipe would fill while `run` blocks the event
 * loop) and printed by `finish` when it is awaited, so that the log reads one step after another.
 */
function runBeside(label, command, args, env = {}, { timing = label } = {}) {
  const folder = mkdtempSync(path.join(tmpdir(), 'vitrine-test-step-'));
  const log = path.join(folder, 'output.log');
  const out = openSync(log, 'w');
  const started = performance.now();
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', out, out], env: { ...process.env, ...env } });
  closeSync(out);
  const exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal, ms: performance.now() - started }));
    child.on('error', () => resolve({ code: 1, signal: null, ms: performance.now() - started }));
  });
  return {
    async finish() {
      const { code, signal, ms } = await exited;
      console.log(`\n▶ ${label} (beside the steps above)`);
      process.stdout.write(readFileSync(log, 'utf8'));
      rmSync(folder, { recursive: true, force: true });
      timings.push({ label: timing, ms });
      if (code !== 0) {
        console.error(`\n✖ ${label} failed (exit ${code ?? signal}).`);
        process.exit(code || 1);
      }
    },
  };
}

/** As `run`, without blocking the event loop, so that steps started by `runBeside` are timed when they end. */
async function runAsync(label, command, args, env = {}, { exit = true, timing = label } = {}) {
  console.log(`\n▶ ${label}`);
  const started = performance.now();
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const status = await new Promise((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? signal));
    child.on('error', () => resolve(1));
  });
  timings.push({ label: timing, ms: performance.now() - started });
  if (status !== 0) {
    console.error(`\n✖ ${label} failed (exit ${status}).`);
    if (!exit) {
      failed = (typeof status === 'number' && status) || 1;
      return;
    }
    process.exit((typeof status === 'number' && status) || 1);
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
    console.error(
      `Chromium is missing at ${CHROMIUM_PATH}. Install Debian's "chromium" package ` +
        '(sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary, then run npm test again.',
    );
    process.exit(1);
  }
  run('Installing Chromium (apt-get install chromium)', 'sh', [
    '-c',
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium',
  ]);
}

/**
 * Runs node:test over `files`: its usual output (spec on a terminal, TAP otherwise, as node:test would choose), and
 * beside it test-durations.mjs's per-file times and closing counts, which `report()` prints at the end.
 */
async function nodeTest(label, timing, files, concurrency, env) {
  const folder = mkdtempSync(path.join(tmpdir(), 'vitrine-test-times-'));
  const destination = path.join(folder, 'durations.json');
  const reporters = [
    `--test-reporter=${process.stdout.isTTY ? 'spec' : 'tap'}`,
    '--test-reporter-destination=stdout',
    `--test-reporter=${path.join(root, 'scripts', 'test-durations.mjs')}`,
    `--test-reporter-destination=${destination}`,
  ];
  try {
    await runAsync(
      label,
      process.execPath,
      ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, ...reporters, ...files],
      env,
      { exit: false, timing },
    );
    if (existsSync(destination)) {
      testReport = JSON.parse(readFileSync(destination, 'utf8'));
      // Every file's time, not only the slowest, for whoever wants to compare runs (CI may keep it as an artifact).
      if (process.env.VITRINE_TEST_TIMES)
        writeFileSync(process.env.VITRINE_TEST_TIMES, JSON.stringify(testReport, null, 1));
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const stages = {
  typecheck: () => {
    // Formatting and lint first: the cheapest check, and the one a contributor meets most.
    run(
      'Formatting and lint (biome ci)',
      bin('biome'),
      ['ci', '--error-on-warnings', '.'],
      {},
      { timing: 'Formatting and lint' },
    );
    run(
      'Layer check (dependency-cruiser: imports point down the layers of docs/architecture.md)',
      bin('depcruise'),
      ['server', 'client', 'shortcodes', 'blocks', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'],
      {},
      { timing: 'Layer check' },
    );
    // tsconfig.json covers the tests too: some assert through types alone (@ts-expect-error, satisfies).
    run('Type check (tsc)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json'], {}, { timing: 'Type check' });
    // The admin (React, JSX, bundler resolution) has its own settings.
    run(
      'Type check of the admin (tsc)',
      bin('tsc'),
      ['--noEmit', '-p', 'client/admin/tsconfig.json'],
      {},
      { timing: 'Type check of the admin' },
    );
  },
  build: () => run('Client build (vite)', bin('vite'), ['build', '--logLevel', 'warn'], {}, { timing: 'Client build' }),
  browser: () => {
    ensureChromium();
    run(
      'Browser tests (web-test-runner, Chromium)',
      bin('web-test-runner'),
      ['--config', 'web-test-runner.config.js'],
      {},
      { timing: 'Browser tests' },
    );
  },
  server: async () => {
    // Every test file under test/ but the browser tests (web-test-runner's), the stress tests (their own stage) and
    // the end-to-end files, which run together in one process through test/e2e/all.ts (one Chromium, one server).
    const separate = ['test/browser/', 'test/e2e/', 'test/stress/'];
    // The end-to-end process first: it is the longest by far, and node:test starts files in the order given, so that
    // given last it could be left running alone at the end of the run.
    // Files that can share a process (test/support/in-process-files.mjs) run in a few: those that start nothing in
    // test/in-process.ts, those with servers of their own spread over test/in-process-servers/.
    const grouped = new Set([
      ...inProcessTestFiles(root, GROUPED_FOLDERS),
      ...Array.from({ length: SERVER_GROUPS }, (_, group) => serverGroupFiles(root, GROUPED_FOLDERS, group)).flat(),
    ]);
    const ownProcess = filesUnder('test', '.test.ts').filter(
      (file) => !separate.some((folder) => file.startsWith(folder)) && !grouped.has(file),
    );
    const serverGroups = Array.from(
      { length: SERVER_GROUPS },
      (_, group) => `test/in-process-servers/group-${group + 1}.ts`,
    );
    const files = ['test/e2e/all.ts', 'test/in-process.ts', ...serverGroups, ...ownProcess];
    ensureChromium();
    await withTestData(async (env) => {
      // Two files at a time: the end-to-end process beside the server files, on the 2 cores.
      await nodeTest('Server and end-to-end tests (node:test)', 'Server and end-to-end tests', files, 2, env);
    });
  },
};

/** Stages run only when named: `node scripts/test.mjs stress`. */
const namedStages = {
  stress: async () => {
    const files = filesUnder('test/stress', '.test.ts');
    // Their servers serve pages, which need the client bundle: built unless `npm test` has just built it.
    const { tsImport } = await import('tsx/esm/api');
    const { buildClientIfStale } = await tsImport('../server/site/client-build.ts', import.meta.url);
    const started = performance.now();
    await buildClientIfStale((message) => console.log(`\n▶ ${message}`));
    timings.push({ label: 'Client build (if stale)', ms: performance.now() - started });
    await withTestData(async (env) => {
      // One file at a time: they time restarts and floods, which anything beside them would slow down.
      await nodeTest('Stress tests (node:test)', 'Stress tests', files, 1, env);
    });
  },
};

/** How many of the slowest test files the closing table lists. */
const SLOWEST = 15;

const seconds = (ms) => `${(ms / 1000).toFixed(1).padStart(7)} s`;

/**
 * Where the time went: each step, then the slowest test files, then the tests that failed and why, then node:test's closing counts again (`# pass N`,
 * `# fail N`, …) as the output's last lines, where CI reads them.
 */
function report(totalMs) {
  const width = Math.max(...timings.map(({ label }) => label.length), 'Total'.length);
  console.log('\n▶ Where the time went');
  for (const { label, ms } of timings) console.log(`  ${label.padEnd(width)} ${seconds(ms)}`);
  console.log(`  ${'Total'.padEnd(width)} ${seconds(totalMs)}`);
  if (!testReport) return;
  const slowest = [...testReport.files].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST);
  if (slowest.length) {
    console.log(
      `\n▶ The ${slowest.length} slowest test files (the time of their tests, which may have run beside others)`,
    );
    const fileWidth = Math.max(...slowest.map(({ file }) => file.length));
    for (const { file, ms, failed } of slowest)
      console.log(`  ${file.padEnd(fileWidth)} ${seconds(ms)}${failed ? `  (${failed} failed)` : ''}`);
  }
  if (testReport.failures?.length) {
    console.log(`\n▶ The ${testReport.failures.length} failed tests`);
    for (const { file, name, message } of testReport.failures)
      console.log(`  ${file}: ${name}\n${message.replace(/^/gm, '      ')}`);
  }
  console.log('');
  for (const line of testReport.summary) console.log(`# ${line}`);
}

/**
 * Runs `work` with what every node:test file of a run shares, given through the environment: one PostgreSQL cluster
 * (each file makes its own databases; a cluster named by VITRINE_TEST_POSTGRES_URL, e.g. a CI service, is used
 * instead of starting one) and one seeded data folder that test servers copy instead of seeding their own. Both are
 * removed afterwards, even on failure.
 */
async function withTestData(work) {
  const { tsImport } = await import('tsx/esm/api');
  const started = performance.now();
  // The compiled server that test processes start (bin/server-build.js), made once here rather than by the first
  // few of them at the same moment.
  await currentServerBuild();
  const cluster = process.env.VITRINE_TEST_POSTGRES_URL ? null : await startPostgres(tsImport);
  const { makeDataTemplate, TEMPLATE_ENV } = await tsImport('../test/support/data-template.ts', import.meta.url);
  const template = await makeDataTemplate();
  timings.push({ label: 'Compiled server, PostgreSQL and seeded data for tests', ms: performance.now() - started });
  const env = {
    NODE_ENV: 'test',
    [TEMPLATE_ENV]: template.root,
    ...(cluster ? { VITRINE_TEST_POSTGRES_URL: cluster.url } : {}),
  };
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
  console.log(
    `\n▶ PostgreSQL for tests started in ${Math.round(performance.now() - started)} ms (${cluster.directory})`,
  );
  return cluster;
}

const started = performance.now();
if (only) {
  const stage = stages[only] ?? namedStages[only];
  if (!stage) {
    console.error(
      `Unknown stage "${only}". Stages: ${[...Object.keys(stages), ...Object.keys(namedStages)].join(', ')}.`,
    );
    process.exit(2);
  }
  if (only === 'server' || only === 'browser') stages.build();
  await stage();
} else {
  // The client build (multi-threaded) beside the checks (single-threaded), and the browser tests beside the server
  // tests, whose end-to-end half mostly waits for pages: both cores stay busy from the start.
  const build = runBeside(
    'Client build (vite)',
    bin('vite'),
    ['build', '--logLevel', 'warn'],
    {},
    {
      timing: 'Client build',
    },
  );
  stages.typecheck();
  await build.finish();
  ensureChromium();
  const browser = runBeside(
    'Browser tests (web-test-runner, Chromium)',
    bin('web-test-runner'),
    ['--config', 'web-test-runner.config.js'],
    {},
    { timing: 'Browser tests' },
  );
  await stages.server();
  await browser.finish();
}
report(performance.now() - started);
if (failed) process.exit(failed);

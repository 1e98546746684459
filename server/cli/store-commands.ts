/** `vitrine db migrate` and `vitrine store copy`: setting up PostgreSQL and moving a shop between the two stores. */
import path from 'node:path';
import { copyDataFolderToPostgres, copyPostgresToDataFolder, type CopyReport } from '../store/store-copy.js';
import { CommandError } from './output.js';
import { startProgress, type Progress } from './progress.js';

const POSTGRES_URL = /^postgres(ql)?:\/\//;

/** The URL without its password, for messages (the PostgreSQL client is loaded only when a command needs it). */
function describe(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.href;
  } catch {
    return 'the PostgreSQL database';
  }
}

function postgresUrl(raw: string | undefined, option: string): string {
  const url = raw?.trim();
  if (!url) throw new CommandError(`${option} needs a PostgreSQL URL such as postgres://vitrine@localhost/vitrine.`);
  if (!POSTGRES_URL.test(url)) {
    throw new CommandError(
      `${option} must be a PostgreSQL URL such as postgres://vitrine@localhost/vitrine (it starts with postgres://).`,
    );
  }
  return url;
}

export async function dbMigrateCommand(options: { database?: string }): Promise<void> {
  const raw = options.database ?? process.env.DATABASE_URL;
  if (raw === undefined || raw.trim() === '') {
    throw new CommandError('No database to migrate: give --database postgres://… or set DATABASE_URL.');
  }
  const url = postgresUrl(raw, options.database !== undefined ? '--database' : 'DATABASE_URL');
  const { migratePostgres } = await import('../store/postgres/index.js');
  const { applied } = await migratePostgres(url);
  if (applied.length === 0) {
    console.log(`The database ${describe(url)} is up to date: no migration was pending.`);
    return;
  }
  for (const version of applied) console.log(`Applied migration ${version}.`);
  console.log(
    `The database ${describe(url)} is up to date (${applied.length} migration${applied.length === 1 ? '' : 's'} applied).`,
  );
}

/**
 * A bar on a terminal; otherwise one plain line per tenth of the way, so that logs show the copy moving without
 * filling up.
 */
function copyProgress(total: number): Progress {
  if (process.stderr.isTTY) return startProgress('Copying', total);
  let shownTenths = 0;
  return {
    update(done) {
      const tenths = Math.floor((done / Math.max(total, 1)) * 10);
      if (tenths > shownTenths) {
        shownTenths = tenths;
        console.log(`Copied ${done.toLocaleString('en')} of ${total.toLocaleString('en')} records (${tenths * 10}%).`);
      }
    },
    stop() {},
  };
}

function printSummary(report: CopyReport, from: string, to: string): void {
  const { counts } = report;
  const rows: Array<[string, number]> = [
    ['users', counts.users],
    ['sessions', counts.sessions],
    ['pages', counts.pages],
    ['checkboxes', counts.checkboxes],
    ['consent records', counts.consent],
    ['products', counts.products],
    ['orders', counts.orders],
    ['messages', counts.messages],
    ['withdrawals', counts.withdrawals],
    ['price changes', counts.priceChanges],
    ['API keys', counts.apiKeys],
    ['media files', counts.media],
  ];
  console.log(`Copied the shop from ${from} to ${to} in ${(report.tookMs / 1000).toFixed(1)} s:`);
  for (const [name, count] of rows) console.log(`  ${name.padEnd(16)}${count.toLocaleString('en').padStart(10)}`);
  if (report.skippedCounters > 0) {
    console.log(
      `  (${report.skippedCounters} counters of deleted checkboxes were left out: PostgreSQL keeps only live ones.)`,
    );
  }
}

export interface StoreCopyOptions {
  to?: string;
  from?: string;
  data?: string;
}

export async function storeCopyCommand(options: StoreCopyOptions): Promise<void> {
  if ((options.to === undefined) === (options.from === undefined)) {
    throw new CommandError(
      'Give either --to <postgres-url> (data folder into PostgreSQL) or --from <postgres-url> (PostgreSQL into the data folder).',
    );
  }
  const dataDir = path.resolve(options.data ?? process.env.DATA_DIR ?? './data');
  let progress: Progress | null = null;
  const hooks = {
    onStart: (total: number) => (progress = copyProgress(total)),
    onProgress: (done: number) => progress?.update(done),
  };
  const to = options.to !== undefined ? postgresUrl(options.to, '--to') : null;
  const from = options.from !== undefined ? postgresUrl(options.from, '--from') : null;
  let report: CopyReport;
  try {
    report = to
      ? await copyDataFolderToPostgres(dataDir, to, hooks)
      : await copyPostgresToDataFolder(from!, dataDir, hooks);
  } finally {
    (progress as Progress | null)?.stop();
  }
  if (to) {
    printSummary(report, `the data folder ${dataDir}`, describe(to));
    console.log('Serve it with DATABASE_URL set to that URL.');
  } else {
    printSummary(report, describe(from!), `the data folder ${dataDir}`);
    console.log(`Serve it with --data ${dataDir} and without DATABASE_URL.`);
  }
}

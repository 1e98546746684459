/**
 * The seeded demo shop, made once and copied for every test server: seeding (the demo catalog, the administrator's
 * password hash) costs more than copying the folder it leaves.
 *
 * `npm test` makes one template for the whole run and names it in `VITRINE_TEST_DATA_TEMPLATE`; a test file run alone
 * makes its own on first use and removes it at exit. Every copy shares the template's administrator password (given as
 * `seeded`, as when a server seeds) and its per-install secret, as copies of one shop would: no test may rely on two
 * test servers having different ones.
 */
import { rmSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openStore } from '../../server/demo/seeded-store.js';
import type { SeedReport } from '../../server/demo/seed.js';

export const TEMPLATE_ENV = 'VITRINE_TEST_DATA_TEMPLATE';

/**
 * The language of the demo every test shop is seeded with, whatever its locale: the tests name the demo's products
 * and terms in English ("Mug Set", `sf_color=black`). Servers and commands get it as `DEMO_LANGUAGE`; a test of the
 * seed in another language says its own.
 */
export const TEST_DEMO_LANGUAGE = 'en';

export interface DataTemplate {
  /** The folder holding `data/` (the seeded data folder) and `seeded.json` (its administrator's credentials). */
  root: string;
  seeded: SeedReport;
}

/** Seeds a new template under the system's temporary folder; the caller removes `root` when done. */
export async function makeDataTemplate(): Promise<DataTemplate> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'vitrine-template-'));
  const dataDir = path.join(root, 'data');
  await mkdir(dataDir);
  const { store, seeded } = await openStore(
    { dataDir, databaseUrl: null, demoLanguage: TEST_DEMO_LANGUAGE },
    { watch: false },
  );
  await store.close();
  if (!seeded) throw new Error(`The template ${dataDir} was not empty: it was not seeded.`);
  await writeFile(path.join(root, 'seeded.json'), JSON.stringify(seeded));
  return { root, seeded };
}

let template: Promise<DataTemplate> | undefined;

/** This process's template: the run's (`VITRINE_TEST_DATA_TEMPLATE`), or one made on first use and removed at exit. */
export function dataTemplate(): Promise<DataTemplate> {
  template ??= (async () => {
    const root = process.env[TEMPLATE_ENV];
    if (root) return { root, seeded: JSON.parse(await readFile(path.join(root, 'seeded.json'), 'utf8')) as SeedReport };
    const made = await makeDataTemplate();
    process.once('exit', () => rmSync(made.root, { recursive: true, force: true }));
    return made;
  })();
  return template;
}

/** Copies the template's data folder into `target` (made when missing; it must hold nothing of its own). */
export async function copyDataTemplate(target: string): Promise<SeedReport> {
  const { root, seeded } = await dataTemplate();
  await cp(path.join(root, 'data'), target, { recursive: true, errorOnExist: true, force: false });
  return seeded;
}

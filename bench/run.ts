/**
 * `npm run bench [-- --section facets|http|restart|store|import|incremental|word-forms|all --sizes 100000,1000000
 * --engines ours,naive,itemsjs,orama --catalogs simple,variations --runs 3 --budget 300 --heap-mb 4096 --changes 499]`
 * `--section facets` runs the facet engine benchmark (bench/facet-engines.ts: the fair comparison on a
 * variation-free catalog, ours against the brute-force reference on the catalog with variations), the start time and
 * memory of a server on each catalog (bench/start-time.ts), its restart after `--changes` catalog changes since its
 * snapshot (bench/restart-after-changes.ts; also alone as `--section restart`) and the HTTP figures against a server process
 * (bench/http-filter.ts; also alone as `--section http`, once the facets section made its data folder and query mix);
 * `store`, `import` and `incremental` their own sections; `word-forms` product search
 * without and with the word forms of a language (bench/word-forms-search.ts), at `--sizes`;
 * `all` (the default) every one, facets first. Catalogs are generated once into bench/.cache.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { measureHttpFilter } from './http-filter.js';
import { benchCatalog, measureFacetEngines, type CatalogKind } from './facet-engines.js';
import { measureCatalogImport } from './catalog-import.js';
import { measureIncrementalIndex } from './incremental-index.js';
import { measureRestartAfterChanges } from './restart-after-changes.js';
import { measureStartTime } from './start-time.js';
import { measureStores } from './store.js';
import { measureWordFormsSearch } from './word-forms-search.js';

const { values: flags } = parseArgs({
  options: {
    section: { type: 'string', default: 'all' },
    sizes: { type: 'string', default: '100000,1000000' },
    engines: { type: 'string', default: 'ours,naive,itemsjs,orama' },
    catalogs: { type: 'string', default: 'simple,variations' },
    runs: { type: 'string', default: '3' },
    budget: { type: 'string', default: '300' },
    'heap-mb': { type: 'string', default: '4096' },
    changes: { type: 'string', default: '499' },
  },
});
if (!['facets', 'http', 'restart', 'store', 'import', 'incremental', 'word-forms', 'all'].includes(flags.section!)) {
  console.error(
    `--section must be facets, http, restart, store, import, incremental, word-forms or all, not "${flags.section}"`,
  );
  process.exit(2);
}
const catalogs = flags.catalogs!.split(',') as CatalogKind[];
if (catalogs.some((kind) => kind !== 'simple' && kind !== 'variations')) {
  console.error(`--catalogs lists simple and/or variations, not "${flags.catalogs}"`);
  process.exit(2);
}
const cacheFolder = join(import.meta.dirname, '.cache');
mkdirSync(cacheFolder, { recursive: true });

if (flags.section === 'facets' || flags.section === 'all') {
  for (const size of flags.sizes!.split(',').map(Number)) {
    await measureFacetEngines(size, catalogs, {
      cacheFolder,
      engines: flags.engines!.split(','),
      runs: Number(flags.runs),
      budgetSeconds: Number(flags.budget),
      heapMb: Number(flags['heap-mb']),
    });
    const catalogFile = await benchCatalog(cacheFolder, size, 'variations');
    await measureStartTime(size, catalogFile, cacheFolder);
    await measureRestartAfterChanges(size, catalogFile, cacheFolder, Number(flags.changes));
    await measureHttpFilter(size, cacheFolder);
  }
}
if (flags.section === 'http') {
  for (const size of flags.sizes!.split(',').map(Number)) await measureHttpFilter(size, cacheFolder);
}
if (flags.section === 'restart') {
  for (const size of flags.sizes!.split(',').map(Number)) {
    const catalogFile = await benchCatalog(cacheFolder, size, 'variations');
    await measureRestartAfterChanges(size, catalogFile, cacheFolder, Number(flags.changes));
  }
}
if (flags.section === 'store' || flags.section === 'all') await measureStores();
if (flags.section === 'import' || flags.section === 'all') await measureCatalogImport();
if (flags.section === 'incremental' || flags.section === 'all') await measureIncrementalIndex();
if (flags.section === 'word-forms' || flags.section === 'all')
  await measureWordFormsSearch(flags.sizes!.split(',').map(Number), Number(flags.runs));

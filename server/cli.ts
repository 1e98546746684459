/**
 * The `vitrine` command line (also `npm run cli -- ...`). Every command takes `--data DIR` (or DATA_DIR);
 * results go to stdout, errors to stderr with exit code 1.
 */
import { Command, Option } from 'commander';
import { ROLES } from '../client/api/users.js';
import { runCommand } from './cli/output.js';
import { VERSION } from './version.js';

// Every command's module is loaded when that command runs: `vitrine user create` need not load the server, the
// catalog engine and the CSV libraries before it starts (a second or more on each run).
const serveCommands = () => import('./cli/serve-command.js');
const userCommands = () => import('./cli/user-commands.js');
const pageCommands = () => import('./cli/page-commands.js');
const catalogCommands = () => import('./cli/catalog-commands.js');
const catalogCsvCommands = () => import('./cli/catalog-csv-commands.js');
const storeCommands = () => import('./cli/store-commands.js');
const invoiceCommands = () => import('./cli/invoice-commands.js');
const taxCommands = () => import('./cli/tax-commands.js');

const program = new Command()
  .name('vitrine')
  .description('Vitrine shop platform: serve the shop and manage its data.')
  .version(VERSION)
  .showHelpAfterError('(run "vitrine --help" for the commands)')
  .configureOutput({ writeErr: (text) => process.stderr.write(text) });

const dataOption = () => new Option('--data <dir>', 'data folder (default: DATA_DIR or ./data)');

program
  .command('serve')
  .description('serve the shop (seeds a demo shop into an empty data folder)')
  .option('--port <n>', 'port to listen on (default: PORT or 3000)')
  .option('--host <h>', 'address to listen on (default: HOST or 127.0.0.1)')
  .addOption(dataOption())
  .addOption(new Option('--build-if-stale', 'build the client bundle first when it is missing or stale').hideHelp())
  .action((options) => runCommand(async () => (await serveCommands()).serveCommand(options)));

const user = program.command('user').description('manage users');
user
  .command('create <login>')
  .description('create a user; a password is generated and printed when none is given')
  .addOption(new Option('--role <role>', 'role of the user').choices(ROLES).makeOptionMandatory())
  .option('--email <email>', 'e-mail address')
  .option('--password <password>', 'login password (at least 8 characters)')
  .addOption(dataOption())
  .action((login, options) => runCommand(async () => (await userCommands()).userCreateCommand(login, options)));

const appPassword = program.command('app-password').description('manage application passwords for the REST API');
appPassword
  .command('create <login>')
  .description('create an application password; it is printed alone on the last line')
  .option('--name <name>', 'a name that says where the password is used')
  .addOption(dataOption())
  .action((login, options) => runCommand(async () => (await userCommands()).appPasswordCreateCommand(login, options)));

program
  .command('api-key')
  .description('manage WooCommerce REST API keys (consumer key and secret, for wc/v3 connectors)')
  .command('create <login>')
  .description('create a consumer key and secret acting as this user; both are printed once')
  .option('--description <text>', 'what the key is for')
  .option('--permissions <level>', "read, write or read_write (default), as WooCommerce's keys")
  .addOption(dataOption())
  .action((login, options) => runCommand(async () => (await userCommands()).apiKeyCreateCommand(login, options)));

const invoices = program.command('invoices').description('VAT invoices and corrections');
invoices
  .command('export')
  .description("write a period's invoices for the accountant: a ZIP of the register (CSV) and every FA(3) XML")
  .requiredOption('--from <date>', 'first day of the period, YYYY-MM-DD in the shop’s time zone')
  .requiredOption('--to <date>', 'last day of the period, included')
  .option('--out <file>', 'where to write the ZIP (default: invoices-<from>-<to>.zip here)')
  .addOption(dataOption())
  .action((options) => runCommand(async () => (await invoiceCommands()).invoicesExportCommand(options)));

const taxes = program.command('taxes').description('EU VAT: the One-Stop Shop return and the member states’ rates');
taxes
  .command('oss-export')
  .description('write the OSS sales per quarter, country and rate (net and VAT, refunds subtracted) as CSV')
  .option('--quarter <quarter>', 'only this quarter, like 2026-Q4 (default: every quarter)')
  .option('--out <file>', 'where to write the CSV (default: oss-<quarter>.csv here)')
  .addOption(dataOption())
  .action((options) => runCommand(async () => (await taxCommands()).ossExportCommand(options)));
taxes
  .command('add-eu-rates')
  .description('add the EU member states’ standard and reduced rates the shop lacks; existing rates stay as they are')
  .addOption(dataOption())
  .action((options) => runCommand(async () => (await taxCommands()).addEuRatesCommand(options)));

const page = program.command('page').description('manage content pages');
page
  .command('set <slug>')
  .description('create the page with this slug, or update the fields given; content may hold [facet] and blocks')
  .option('--title <title>', 'page title (needed for a new page)')
  .option('--content <html>', 'page content: HTML with block comments and shortcodes')
  .option('--content-file <file>', 'read the content from a file')
  .addOption(new Option('--status <status>', 'publish or draft').choices(['publish', 'draft']))
  .addOption(dataOption())
  .action((slug, options) => runCommand(async () => (await pageCommands()).pageSetCommand(slug, options)));

const catalog = program.command('catalog').description('manage the product catalog');
catalog
  .command('generate')
  .description('replace the catalog with a deterministic synthetic one, then reindex')
  .requiredOption('--products <n>', 'number of products (up to 5,000,000)')
  .option('--seed <s>', 'seed; the same seed gives the same catalog (default 1)')
  .addOption(dataOption())
  .action((options) => runCommand(async () => (await catalogCommands()).catalogGenerateCommand(options)));
catalog
  .command('import <file>')
  .description(
    'read a WooCommerce product CSV into the catalog; every rejected row is reported with its row and column',
  )
  .addOption(
    new Option(
      '--mode <mode>',
      'replace: the file becomes the catalog, only if every row is valid; merge: valid rows update or add products',
    )
      .choices(['replace', 'merge'])
      .default('replace'),
  )
  .option('--dry-run', 'check the file and report, change nothing')
  .addOption(dataOption())
  .action((file, options) => runCommand(async () => (await catalogCsvCommands()).catalogImportCommand(file, options)));
catalog
  .command('export <file>')
  .description('write the catalog as a WooCommerce product CSV')
  .addOption(dataOption())
  .action((file, options) => runCommand(async () => (await catalogCsvCommands()).catalogExportCommand(file, options)));

program
  .command('reindex')
  .description('rebuild the facet index from the stored catalog and report its size')
  .addOption(dataOption())
  .action((options) => runCommand(async () => (await catalogCommands()).reindexCommand(options)));

const db = program.command('db').description('manage the PostgreSQL database');
db.command('migrate')
  .description('apply the pending schema migrations and say which were applied')
  .option('--database <url>', 'PostgreSQL URL (default: DATABASE_URL)')
  .action((options) => runCommand(async () => (await storeCommands()).dbMigrateCommand(options)));

const storeCommand = program.command('store').description('move the shop between the data folder and PostgreSQL');
storeCommand
  .command('copy')
  .description(
    'copy the whole shop into an empty target: --to PostgreSQL from the data folder, or --from PostgreSQL into it',
  )
  .option('--to <postgres-url>', 'copy the data folder into this fresh PostgreSQL database')
  .option('--from <postgres-url>', 'copy this PostgreSQL database into the data folder, which must be missing or empty')
  .addOption(dataOption())
  .action((options) => runCommand(async () => (await storeCommands()).storeCopyCommand(options)));

await program.parseAsync(process.argv);

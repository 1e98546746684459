/**
 * `vitrine taxes oss-export`: the One-Stop Shop return's figures as CSV (per quarter, country and rate); `vitrine taxes
 * add-eu-rates`: adds the EU member states' rates the shop lacks, changing none it has.
 */
import { writeFile } from 'node:fs/promises';
import { OSS_QUARTER, ossReport, ossReportCsv } from '../shop/orders/oss-report.js';
import { addMissingEuRates } from '../store/eu-tax-rates.js';
import { withCommandStore } from './command-store.js';
import { CommandError } from './output.js';

export async function ossExportCommand(options: { quarter?: string; out?: string; data?: string }): Promise<void> {
  if (options.quarter !== undefined && !OSS_QUARTER.test(options.quarter))
    throw new CommandError(`--quarter: "${options.quarter}" is not a quarter such as 2026-Q4.`);
  await withCommandStore(options, async (store) => {
    const rows = ossReport(await store.orders.list(), store.site.data.settings.general.timezone, options.quarter);
    const out = options.out ?? `oss-${options.quarter ?? 'all'}.csv`;
    await writeFile(out, ossReportCsv(rows));
    console.log(`Wrote ${out}: ${rows.length} row(s) of OSS sales per quarter, country and rate.`);
  });
}

export async function addEuRatesCommand(options: { data?: string }): Promise<void> {
  await withCommandStore(options, async (store) => {
    const added = await store.site.update((site) => addMissingEuRates(site.taxes));
    console.log(`Added ${added} EU tax rate(s); the rates the shop had are unchanged.`);
  });
}

/** `vitrine invoices export`: the accountant's ZIP of a period (the register as CSV and every FA(3) XML). */
import { writeFile } from 'node:fs/promises';
import { InvalidInputError } from '../errors/domain-errors.js';
import { exportPeriod } from '../invoices/export/export-period.js';
import { invoiceExportZip, invoicesIssuedBetween } from '../invoices/export/invoice-export.js';
import { invoiceFileName } from '../invoices/invoice-file-name.js';
import { withCommandStore } from './command-store.js';
import { CommandError } from './output.js';

export async function invoicesExportCommand(options: {
  from: string;
  to: string;
  out?: string;
  data?: string;
}): Promise<void> {
  await withCommandStore(options, async (store) => {
    let period: { from: string; to: string };
    try {
      period = exportPeriod(options.from, options.to, store.site.data.settings.general.timezone);
    } catch (error) {
      if (error instanceof InvalidInputError) throw new CommandError(`--${error.field}: ${error.message}`);
      throw error;
    }
    const invoices = await invoicesIssuedBetween(store, period.from, period.to);
    const out = options.out ?? invoiceFileName(`invoices-${options.from}-${options.to}`, 'zip');
    await writeFile(out, await invoiceExportZip(store, invoices));
    const corrections = invoices.filter((invoice) => invoice.type === 'KOR').length;
    console.log(
      `Wrote ${out}: ${invoices.length - corrections} invoice(s) and ${corrections} correction(s) issued from ${options.from} to ${options.to}, with the register (register.csv) and their FA(3) XML.`,
    );
  });
}

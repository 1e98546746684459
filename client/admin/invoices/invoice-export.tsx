/** The accountant's download: a period's register (CSV) and FA(3) XML files as one ZIP. */
import { Button, TextControl } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { invoiceExportUrl } from '../data/invoices-api.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The first and last day of last month, as an accountant most often asks for. */
function lastMonth(): { from: string; to: string } {
  const now = new Date();
  const first = new Date(Date.UTC(now.getFullYear(), now.getMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getFullYear(), now.getMonth(), 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

export function InvoiceExport() {
  const [period, setPeriod] = useState(lastMonth);
  const valid = DAY.test(period.from) && DAY.test(period.to) && period.from <= period.to;
  return (
    <fieldset className="vitrine-invoice-export">
      <legend>{__('Export for the accountant')}</legend>
      <TextControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        type="date"
        label={__('From')}
        value={period.from}
        onChange={(from) => setPeriod({ ...period, from })}
      />
      <TextControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        type="date"
        label={__('To (included)')}
        value={period.to}
        onChange={(to) => setPeriod({ ...period, to })}
      />
      <Button
        variant="secondary"
        href={valid ? invoiceExportUrl(period.from, period.to) : undefined}
        disabled={!valid}
        accessibleWhenDisabled
        download
      >
        {__('Download register and XML (ZIP)')}
      </Button>
    </fieldset>
  );
}

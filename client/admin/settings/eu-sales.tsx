/**
 * EU sales on the Taxes screen: adding the member states' rates a shop lacks (existing rates stay as they are), and
 * the One-Stop Shop return's figures of a quarter as CSV (per country and rate, refunds subtracted).
 */
import { Button, TextControl } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';
import { addEuTaxRates, ossReportUrl } from '../data/taxes-api.js';
import { RestRequestError } from '../data/rest-error.js';

const QUARTER = /^\d{4}-Q[1-4]$/;

/** The quarter before this one, the one a return is filed for: `2026-Q3` in November 2026. */
function lastQuarter(): string {
  const now = new Date();
  const quarter = Math.floor(now.getMonth() / 3);
  return quarter === 0 ? `${now.getFullYear() - 1}-Q4` : `${now.getFullYear()}-Q${quarter}`;
}

interface EuSalesProps {
  done: (text: string) => Promise<void>;
  failed: (text: string) => void;
}

export function EuSales({ done, failed }: EuSalesProps) {
  const [quarter, setQuarter] = useState(lastQuarter);
  const addRates = async () => {
    try {
      const { added } = await addEuTaxRates();
      await done(
        added === 0
          ? __('The shop already has a rate of every EU country in the standard and reduced classes.')
          : sprintf(_n('%d EU rate added.', '%d EU rates added.', added), added),
      );
    } catch (error) {
      failed(error instanceof RestRequestError ? error.message : String(error));
    }
  };
  const valid = QUARTER.test(quarter);
  return (
    <section aria-labelledby="eu-sales-heading">
      <h3 id="eu-sales-heading">{__('EU sales')}</h3>
      <p className="vitrine-help">
        {__(
          'With the One-Stop Shop on (Settings \u2192 Checkout), consumers in other EU countries pay their country\u2019s rate of the product\u2019s class. Companies with a VAT number VIES confirms pay 0% (intra-Community supply).',
        )}
      </p>
      <Button variant="secondary" onClick={() => void addRates()}>
        {__('Add missing EU rates')}
      </Button>
      <fieldset className="vitrine-invoice-export">
        <legend>{__('OSS return')}</legend>
        <TextControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Quarter (like 2026-Q4)')}
          value={quarter}
          onChange={setQuarter}
        />
        <Button
          variant="secondary"
          href={valid ? ossReportUrl(quarter) : undefined}
          disabled={!valid}
          accessibleWhenDisabled
          download
        >
          {__('Download OSS sales (CSV)')}
        </Button>
      </fieldset>
    </section>
  );
}

/**
 * The Invoices screen: every VAT invoice and correction, newest first, in a DataViews table paged by the server, with a
 * filter by type and a search by order id. Each can be downloaded as XML or PDF, and one refused by KSeF sent again;
 * the period's export for the accountant sits above the table.
 */
import { Notice } from '@wordpress/components';
import type { Action } from '@wordpress/dataviews';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { RestInvoice } from '../../api/invoice-rest.js';
import { ServerPagedDataViews, useServerPagedView } from '../components/server-paged-data-views.js';
import { tableView } from '../components/table-view.js';
import { getInvoicesPage, invoicePdfUrl, invoiceXmlUrl, resendInvoiceToKsef } from '../data/invoices-api.js';
import { InvoiceExport } from './invoice-export.js';
import { INVOICE_FIELDS } from './invoice-fields.js';
import { invoicesQueryArgs } from './invoices-query.js';
import './invoices.css';

const DEFAULT_VIEW = tableView({
  fields: ['type', 'issue_date', 'order', 'buyer', 'tax_id', 'total_gross', 'ksef'],
  titleField: 'number',
});

/** Opens a download the browser fetches itself (with the nonce in its address). */
const follow = (url: string) => window.open(url, '_blank', 'noopener');

export function InvoicesScreen() {
  const paged = useServerPagedView(DEFAULT_VIEW, (view) => getInvoicesPage(invoicesQueryArgs(view)));
  const [notice, setNotice] = useState<{ status: 'success' | 'error'; text: string } | null>(null);
  const actions: Action<RestInvoice>[] = [
    {
      id: 'xml',
      label: __('Download XML'),
      isPrimary: true,
      supportsBulk: false,
      callback: ([invoice]) => follow(invoiceXmlUrl(invoice!.id)),
    },
    {
      id: 'pdf',
      label: __('Download PDF'),
      supportsBulk: false,
      callback: ([invoice]) => follow(invoicePdfUrl(invoice!.id)),
    },
    {
      id: 'ksef',
      label: __('Send to KSeF again'),
      supportsBulk: false,
      isEligible: (invoice) => invoice.ksef.status === 'rejected',
      callback: async ([invoice]) => {
        try {
          await resendInvoiceToKsef(invoice!.id);
          setNotice({ status: 'success', text: sprintf(__('Invoice %s waits to be sent again.'), invoice!.number) });
          paged.reload();
        } catch (error) {
          setNotice({ status: 'error', text: (error as Error).message });
        }
      },
    },
  ];
  return (
    <section className="vitrine-admin__screen" aria-labelledby="invoices-heading">
      <div className="vitrine-admin__screen-header">
        <h1 id="invoices-heading">{__('Invoices')}</h1>
      </div>
      <p className="vitrine-help">
        {__(
          'VAT invoices and corrections, numbered without gaps. A company order gets its invoice when it is paid; issue one for any other order from the order\u2019s view.',
        )}
      </p>
      {notice && (
        <Notice status={notice.status} onRemove={() => setNotice(null)}>
          {notice.text}
        </Notice>
      )}
      <InvoiceExport />
      <ServerPagedDataViews<RestInvoice>
        paged={paged}
        fields={INVOICE_FIELDS}
        actions={actions}
        searchLabel={__('Search by order id')}
      />
    </section>
  );
}

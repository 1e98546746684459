/**
 * The order's invoices and corrections, each with its XML and PDF, and "Issue invoice" when it has none yet (a
 * consumer's invoice on request, or a company order's before the shop issues it itself). A refusal (no seller NIP, a
 * rate a Polish invoice cannot state, the schema's message) is shown as the server says it.
 */
import { Button, Notice } from '@wordpress/components';
import { useCallback, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { VitrineOrder } from '../../../api/orders.js';
import { getInvoicesPage, invoicePdfUrl, invoiceXmlUrl, issueOrderInvoice } from '../../data/invoices-api.js';
import { useRestData } from '../../data/use-rest-data.js';
import { KSEF_STATUS_LABELS } from '../../invoices/ksef-status-labels.js';
import { formatShopMoney } from '../../locale/shop-number.js';
import { refusalText } from '../refusal-text.js';

export function OrderInvoices({ order, onIssued }: { order: VitrineOrder; onIssued: (message: string) => void }) {
  const load = useCallback(() => getInvoicesPage({ order: order.id, per_page: 100 }), [order.id]);
  const { data, error, reload } = useRestData(load);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const invoices = data?.items ?? [];
  const hasInvoice = invoices.some((invoice) => invoice.type === 'VAT');

  async function issue() {
    setBusy(true);
    try {
      const invoice = await issueOrderInvoice(order.id);
      setRefusal(null);
      reload();
      onIssued(sprintf(__('Invoice %s issued.'), invoice.number));
    } catch (caught) {
      setRefusal(refusalText(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="order-invoices-heading" className="vitrine-order-section">
      <h2 id="order-invoices-heading">{__('Invoices')}</h2>
      {(error || refusal) && (
        <Notice status="error" isDismissible={false}>
          {refusal ?? error}
        </Notice>
      )}
      {data && invoices.length === 0 && <p>{__('No invoice has been issued for this order.')}</p>}
      {data && !hasInvoice && order.invoice_requested && (
        <p>{__('The customer asked for a VAT invoice at checkout.')}</p>
      )}
      {invoices.length > 0 && (
        <ul className="vitrine-order-invoices">
          {invoices.map((invoice) => (
            <li key={invoice.id}>
              <strong>{invoice.number}</strong>{' '}
              {invoice.type === 'KOR'
                ? sprintf(__('correction of %s'), invoice.correction?.number ?? '')
                : __('VAT invoice')}
              {' \u00b7 '}
              {formatShopMoney(invoice.total_gross / 100, invoice.currency)}
              {' \u00b7 '}
              {KSEF_STATUS_LABELS[invoice.ksef.status]}{' '}
              <Button variant="link" href={invoiceXmlUrl(invoice.id)} download>
                {__('XML')}
              </Button>{' '}
              <Button variant="link" href={invoicePdfUrl(invoice.id)} target="_blank">
                {__('PDF')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {data && !hasInvoice && (
        <Button variant="secondary" onClick={() => void issue()} isBusy={busy} disabled={busy} accessibleWhenDisabled>
          {__('Issue invoice')}
        </Button>
      )}
    </section>
  );
}

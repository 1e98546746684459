// A small stored invoice for repository tests: the store keeps the document as given, so its contents need not add up.
import type { Invoice, InvoiceKsef } from '../../../client/api/invoices.js';
import type { IssuedDocument } from '../../../server/store/invoices-store.js';

const party = (name: string, taxId: string) => ({
  name,
  tax_id: taxId,
  address: { street: 'ul. Długa 1', postcode: '00-001', city: 'Warszawa', country: 'PL' },
  email: 'a@example.com',
});

export const queuedKsef = (): InvoiceKsef => ({
  status: 'queued',
  number: null,
  sent_at: null,
  upo: null,
  errors: [],
  attempts: 0,
  next_attempt_at: null,
});

/** Not for KSeF, as when sending is off: such an invoice never enters the outbox. */
export const notForKsef = (): InvoiceKsef => ({ ...queuedKsef(), status: 'not_applicable' });

/** A document numbered `<period>/<sequence>` for order `orderId`, issued at `issuedAt`. */
export function fixtureDocument(
  period: string,
  sequence: number,
  orderId: number,
  issuedAt = '2026-12-01T10:00:00.000Z',
  ksef: InvoiceKsef = notForKsef(),
): IssuedDocument {
  const invoice: Omit<Invoice, 'id'> = {
    number: `${period}/${sequence}`,
    type: 'VAT',
    order_id: orderId,
    order_number: `VT-${orderId}`,
    issued_at: issuedAt,
    issue_date: issuedAt.slice(0, 10),
    sale_date: issuedAt.slice(0, 10),
    place_of_issue: 'Warszawa',
    currency: 'PLN',
    seller: party('Sklep sp. z o.o.', '5260250274'),
    buyer: party('Kupiec S.A.', '7010002137'),
    prices: 'gross',
    lines: [],
    totals: [],
    total_net: 100,
    total_tax: 23,
    total_gross: 123,
    payment: {
      method: 'bank_transfer',
      method_label: 'Przelew',
      paid: true,
      paid_at: issuedAt,
      due_date: null,
      bank_account: '',
    },
    correction: null,
    hash: `hash-${period}-${sequence}`,
    ksef,
  };
  return { invoice, xml: `<Faktura n="${sequence}"/>` };
}

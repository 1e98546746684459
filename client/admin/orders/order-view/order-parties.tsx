/** Who ordered and where it goes: the billing and shipping addresses, contact, payment and shipping method. */
import { __, sprintf } from '@wordpress/i18n';
import { isEuVatNumber, type VitrineOrder } from '../../../api/orders.js';
import type { WcBillingAddress, WcShippingAddress } from '../../../api/wc-orders.js';
import type { WcOrder } from '../../data/orders-api.js';
import { formatShopDateTime } from '../../locale/shop-time.js';

function Address({ address }: { address: WcBillingAddress | WcShippingAddress }) {
  const lines = [
    [address.first_name, address.last_name].filter(Boolean).join(' '),
    address.company,
    address.address_1,
    address.address_2,
    [address.postcode, address.city].filter(Boolean).join(' '),
    address.country,
  ].filter(Boolean);
  return (
    <address>
      {lines.map((line) => (
        <span key={line}>
          {line}
          <br />
        </span>
      ))}
    </address>
  );
}

/** How the order was taxed when not in Poland: OSS, or an intra-Community supply and whether VIES confirmed it. */
function VatSchemeNote({ order }: { order: VitrineOrder }) {
  const scheme = order.taxes.scheme;
  if (!scheme) return null;
  if (scheme.kind === 'oss')
    return (
      <>
        <br />
        {sprintf(__('One-Stop Shop (OSS): taxed at the rates of %s.'), scheme.country)}
      </>
    );
  return (
    <>
      <br />
      {__('Intra-Community supply of goods (WDT), 0% VAT: reverse charge.')}
      <br />
      <strong>
        {scheme.vies === 'valid'
          ? __('VAT number confirmed in VIES when ordered.')
          : __('VAT number NOT verified: VIES could not be reached. Check it in VIES before shipping or invoicing.')}
      </strong>
    </>
  );
}

const hasAddress = (address: WcShippingAddress | undefined): address is WcShippingAddress =>
  Boolean(address && (address.address_1 || address.city));

export function OrderParties({ order, wc }: { order: VitrineOrder; wc: WcOrder }) {
  return (
    <section aria-labelledby="order-parties-heading" className="vitrine-order-section vitrine-order-parties">
      <h2 id="order-parties-heading">{__('Customer, payment and shipping')}</h2>
      <div className="vitrine-order-parties__grid">
        <div>
          <h3>{__('Billing address')}</h3>
          <Address address={wc.billing} />
          <p>
            <a href={`mailto:${order.email}`}>{order.email}</a>
            {order.billing.phone && (
              <>
                <br />
                {order.billing.phone}
              </>
            )}
            {order.company_tax_id && (
              <>
                <br />
                {isEuVatNumber(order.company_tax_id)
                  ? sprintf(__('EU VAT number: %s'), order.company_tax_id)
                  : sprintf(__('NIP: %s'), order.company_tax_id)}
              </>
            )}
            <VatSchemeNote order={order} />
          </p>
        </div>
        <div>
          <h3>{__('Shipping address')}</h3>
          {order.shipping_address && hasAddress(wc.shipping) ? (
            <Address address={wc.shipping} />
          ) : (
            <p>{__('Same as the billing address.')}</p>
          )}
        </div>
        <div>
          <h3>{__('Payment')}</h3>
          <p>
            {wc.payment_method_title || order.payment_method}
            <br />
            {order.date_paid ? sprintf(__('Paid on %s'), formatShopDateTime(order.date_paid)) : __('Not paid yet')}
            {order.stock_held_until && (
              <>
                <br />
                {sprintf(
                  __('Holds its stock until %s; cancelled then unless paid.'),
                  formatShopDateTime(order.stock_held_until),
                )}
              </>
            )}
          </p>
          <h3>{__('Shipping')}</h3>
          <p>{wc.shipping_lines.map((line) => line.method_title).join(', ') || __('No shipping method')}</p>
        </div>
      </div>
      {order.customer_note && (
        <p>
          <strong>{__('Customer\u2019s note:')}</strong> {order.customer_note}
        </p>
      )}
    </section>
  );
}

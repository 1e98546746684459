/** The order's lines (a variation named with its own id and SKU) and its totals: lines, shipping, fees, VAT, total. */
import { __, sprintf } from '@wordpress/i18n';
import type { VitrineOrder } from '../../../api/orders.js';
import type { WcOrder } from '../../data/orders-api.js';
import { formatApiMoney } from '../../locale/shop-number.js';

/** Amounts of the API (strings with two decimals) added in cents, so that 0.1 + 0.2 is 0.30. */
const addAmounts = (...amounts: (string | number)[]) =>
  amounts.reduce<number>((sum, amount) => sum + Math.round(Number(amount) * 100), 0) / 100;

/** A delivery or fee line as the customer paid it: WooCommerce gives it without tax, the tax beside it. */
const paidAmount = (wc: WcOrder, line: { total: string; total_tax: string }) =>
  wc.prices_include_tax ? addAmounts(line.total, line.total_tax) : line.total;

/** Net, the VAT of each rate and gross, below the total; a line that says so when no VAT was charged. */
function VatSummary({ wc, money }: { wc: WcOrder; money: (amount: number | string) => string }) {
  const charged = wc.tax_lines.filter((line) => addAmounts(line.tax_total, line.shipping_tax_total) > 0);
  if (charged.length === 0)
    return <p className="vitrine-help">{wc.prices_include_tax ? __('Prices include VAT.') : __('No VAT charged.')}</p>;
  return (
    <dl className="vitrine-order-totals vitrine-order-totals--vat">
      <div className="vitrine-order-totals__row">
        <dt>{__('Net')}</dt>
        <dd>{money(addAmounts(wc.total, -Number(wc.total_tax)))}</dd>
      </div>
      {charged.map((line) => (
        <div key={`tax-${line.id}`} className="vitrine-order-totals__row">
          {/* translators: %s: the rate's name, e.g. "VAT 23%" */}
          <dt>{wc.prices_include_tax ? sprintf(__('incl. %s'), line.label) : line.label}</dt>
          <dd>{money(addAmounts(line.tax_total, line.shipping_tax_total))}</dd>
        </div>
      ))}
      <div className="vitrine-order-totals__row">
        <dt>{__('Gross')}</dt>
        <dd>{money(wc.total)}</dd>
      </div>
    </dl>
  );
}

/** A variation's chosen attributes, as WooCommerce's line item carries them: `Size: M, Colour: Red`. */
function chosenAttributes(wc: WcOrder, productId: number, variationId: number | undefined): string {
  const item = wc.line_items.find(
    (candidate) => candidate.product_id === productId && candidate.variation_id === (variationId ?? 0),
  );
  return (item?.meta_data ?? []).map((meta) => `${meta.display_key}: ${meta.display_value}`).join(', ');
}

export function OrderLines({ order, wc }: { order: VitrineOrder; wc: WcOrder }) {
  const money = (amount: number | string) => formatApiMoney(amount, order.currency);
  return (
    <section aria-labelledby="order-lines-heading" className="vitrine-order-section">
      <h2 id="order-lines-heading">{__('Items')}</h2>
      <table className="vitrine-order-lines">
        <thead>
          <tr>
            <th scope="col">{__('Item')}</th>
            <th scope="col" className="is-number">
              {__('Qty')}
            </th>
            <th scope="col" className="is-number">
              {__('Price')}
            </th>
            <th scope="col" className="is-number">
              {__('Total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={`${line.product_id}-${line.variation_id ?? 0}`}>
              <td>
                {line.title}
                {line.variation_id ? (
                  <span className="vitrine-order-lines__variation">
                    {chosenAttributes(wc, line.product_id, line.variation_id)}
                  </span>
                ) : null}
                <span className="vitrine-help">
                  {[
                    line.sku && sprintf(__('SKU %s'), line.sku),
                    line.variation_id && sprintf(__('variation #%d'), line.variation_id),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </td>
              <td className="is-number">{line.quantity}</td>
              <td className="is-number">{money(line.unit_price)}</td>
              <td className="is-number">
                {money(line.line_total)}
                {line.discount ? (
                  <span className="vitrine-help">{sprintf(__('−%s discount'), money(line.discount / 100))}</span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="vitrine-order-totals">
        <div className="vitrine-order-totals__row">
          <dt>{__('Items subtotal')}</dt>
          <dd>{money(order.subtotal)}</dd>
        </div>
        {order.coupon_lines.map((line) => (
          <div key={`coupon-${line.code}`} className="vitrine-order-totals__row">
            <dt>{sprintf(__('Coupon: %s'), line.code)}</dt>
            <dd>−{money(line.discount / 100)}</dd>
          </div>
        ))}
        {wc.shipping_lines.map((line) => (
          <div key={`shipping-${line.id}`} className="vitrine-order-totals__row">
            <dt>{sprintf(__('Shipping: %s'), line.method_title)}</dt>
            <dd>{money(paidAmount(wc, line))}</dd>
          </div>
        ))}
        {wc.fee_lines.map((line) => (
          <div key={`fee-${line.id}`} className="vitrine-order-totals__row">
            <dt>{line.name}</dt>
            <dd>{money(paidAmount(wc, line))}</dd>
          </div>
        ))}
        <div className="vitrine-order-totals__row is-total">
          <dt>{__('Order total')}</dt>
          <dd>{money(order.total)}</dd>
        </div>
      </dl>
      <VatSummary wc={wc} money={money} />
    </section>
  );
}

/**
 * `GET /shipping-costs`: the public page of where the shop delivers and what it costs (zones, their countries and
 * methods), the cash-on-delivery fee and the usual delivery time. Product pages link to it next to the price ("plus
 * shipping") while prices do not include shipping, as EU price indication asks.
 */
import Router from '@koa/router';
import { html } from '@lit-labs/ssr';
import { nothing } from 'lit';
import { countryName } from '../../../client/api/countries.js';
import type { ShippingMethod, ShippingZone } from '../../../client/api/shipping.js';
import { formatMoney, type PriceFormatOptions } from '../../catalog/price-format.js';
import { productDisplay } from '../../catalog/product-display.js';
import { renderToString } from '../../html/render-html.js';
import { respondWithPage } from '../../site/page-chrome.js';
import type { ShopDependencies } from '../shop-dependencies.js';

export const SHIPPING_COSTS_PATH = '/shipping-costs';

function methodCostText(method: ShippingMethod, money: PriceFormatOptions): string {
  if (method.type === 'free_shipping')
    return method.min_amount > 0 ? `Free for orders from ${formatMoney(method.min_amount, money)}` : 'Free';
  return method.cost === 0 ? 'Free' : formatMoney(method.cost, money);
}

function zoneTemplate(zone: ShippingZone, money: PriceFormatOptions) {
  const headingId = `zone-${zone.id}`;
  return html`<section class="shipping-zone" aria-labelledby=${headingId}>
    <h2 id=${headingId}>${zone.name}</h2>
    <p>${zone.countries.map((code) => countryName(code, money.locale)).join(', ')}</p>
    <table class="shipping-costs">
      <caption class="visually-hidden">Delivery methods to ${zone.name}</caption>
      <thead><tr><th scope="col">Method</th><th scope="col">Cost</th></tr></thead>
      <tbody>${zone.methods.map((method) => html`<tr><th scope="row">${method.title}</th><td>${methodCostText(method, money)}</td></tr>`)}</tbody>
    </table>
  </section>`;
}

export function shippingCostsTemplate(
  zones: readonly ShippingZone[],
  money: PriceFormatOptions,
  codFee: number,
  deliveryTime: string,
) {
  return html`${
    zones.length
      ? html`<p>We deliver to the countries below. The cost of delivery is added to your order at checkout, before you order.</p>
          ${zones.map((zone) => zoneTemplate(zone, money))}`
      : html`<p>The cost of delivery is shown at checkout, before you order.</p>`
  }
    ${codFee > 0 ? html`<p>Paying cash on delivery adds a fee of ${formatMoney(codFee, money)}.</p>` : nothing}
    ${deliveryTime ? html`<p>Usual delivery time: ${deliveryTime}. A product page gives its own when it differs.</p>` : nothing}`;
}

export function shippingCostsRoutes(deps: ShopDependencies): Router {
  return new Router().get(SHIPPING_COSTS_PATH, async (ctx) => {
    const { shipping_zones: zones, settings } = deps.store.site.data;
    const bodyHtml = await renderToString(
      shippingCostsTemplate(
        zones,
        productDisplay(deps.store),
        settings.checkout.cod_fee,
        settings.storefront.delivery_time,
      ),
    );
    await respondWithPage(ctx, deps, { title: 'Shipping costs', bodyHtml });
  });
}

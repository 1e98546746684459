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
import { translatorOfLocale, type Translate } from '../../i18n/translator.js';
import { respondWithPage } from '../../site/page-chrome.js';
import type { ShopDependencies } from '../shop-dependencies.js';

export const SHIPPING_COSTS_PATH = '/shipping-costs';

function methodCostText(method: ShippingMethod, money: PriceFormatOptions, t: Translate): string {
  if (method.type === 'free_shipping')
    return method.min_amount > 0
      ? t('shipping.freeFromAmount', { amount: formatMoney(method.min_amount, money) })
      : t('shipping.costFree');
  return method.cost === 0 ? t('shipping.costFree') : formatMoney(method.cost, money);
}

function zoneTemplate(zone: ShippingZone, money: PriceFormatOptions, t: Translate) {
  const headingId = `zone-${zone.id}`;
  return html`<section class="shipping-zone" aria-labelledby=${headingId}>
    <h2 id=${headingId}>${zone.name}</h2>
    <p>${zone.countries.map((code) => countryName(code, money.locale)).join(', ')}</p>
    <table class="shipping-costs">
      <caption class="visually-hidden">${t('shipping.zoneMethods', { zone: zone.name })}</caption>
      <thead><tr><th scope="col">${t('shipping.method')}</th><th scope="col">${t('shipping.cost')}</th></tr></thead>
      <tbody>${zone.methods.map((method) => html`<tr><th scope="row">${method.title}</th><td>${methodCostText(method, money, t)}</td></tr>`)}</tbody>
    </table>
  </section>`;
}

export function shippingCostsTemplate(
  zones: readonly ShippingZone[],
  money: PriceFormatOptions,
  codFee: number,
  deliveryTime: string,
) {
  // The page speaks the language of the money format's locale, as the prices on it do.
  const { t } = translatorOfLocale(money.locale);
  return html`${
    zones.length
      ? html`<p>${t('shipping.weDeliver')}</p>
          ${zones.map((zone) => zoneTemplate(zone, money, t))}`
      : html`<p>${t('shipping.shownAtCheckout')}</p>`
  }
    ${codFee > 0 ? html`<p>${t('shipping.codFee', { fee: formatMoney(codFee, money) })}</p>` : nothing}
    ${deliveryTime ? html`<p>${t('shipping.usualTime', { time: deliveryTime })}</p>` : nothing}`;
}

export function shippingCostsRoutes(deps: ShopDependencies): Router {
  return new Router().get(SHIPPING_COSTS_PATH, async (ctx) => {
    const { shipping_zones: zones, settings } = deps.store.site.data;
    const money = productDisplay(deps.store);
    const bodyHtml = await renderToString(
      shippingCostsTemplate(zones, money, settings.checkout.cod_fee, settings.storefront.delivery_time),
    );
    await respondWithPage(ctx, deps, { title: translatorOfLocale(money.locale).t('shipping.costsTitle'), bodyHtml });
  });
}

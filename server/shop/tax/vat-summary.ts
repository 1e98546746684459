/**
 * The VAT beside a total, wherever the shop shows money: the net amount, the VAT of each rate ("incl. VAT 23%:
 * 22,99 zł") and the gross amount (server/tax/vat-lines.ts). Amounts come from the order's (or the cart's)
 * OrderTaxes, so what the cart and the checkout show is what the order keeps. Two renderings: rows of a
 * `<dl class="order-totals">`, and rows of a table's footer.
 */
import { html } from '@lit-labs/ssr';
import { nothing } from 'lit';
import type { OrderTaxes } from '../../../client/api/taxes.js';
import { formatMoney, type PriceFormatOptions } from '../../catalog/price-format.js';
import { minorUnits } from '../../tax/order-taxes.js';
import { vatLines } from '../../tax/vat-lines.js';
import { translatorOfLocale } from '../../i18n/translator.js';

/**
 * @param gross what the customer pays, in the currency's main unit
 * @param money the money format, whose locale is also the language the lines are written in
 */
const linesOf = (taxes: OrderTaxes, gross: number, money: PriceFormatOptions) =>
  vatLines(taxes, minorUnits(gross), (minor) => formatMoney(minor / 100, money), translatorOfLocale(money.locale).t);

/** As rows of a `<dl class="order-totals">`. */
export function vatRows(taxes: OrderTaxes, gross: number, money: PriceFormatOptions) {
  const lines = linesOf(taxes, gross, money);
  if (lines.length === 0) return nothing;
  return lines.map((line) => html`<div class="order-totals__vat"><dt>${line.label}</dt><dd>${line.amount}</dd></div>`);
}

/** As a list of its own (the cart's goods), labelled for screen readers; nothing when no VAT was charged. */
export function vatList(taxes: OrderTaxes, gross: number, money: PriceFormatOptions) {
  const rows = vatRows(taxes, gross, money);
  return rows === nothing
    ? nothing
    : html`<dl class="order-totals order-totals--vat" aria-label=${translatorOfLocale(money.locale).t('vat.caption')}>${rows}</dl>`;
}

/** As rows of a table's footer whose label spans `span` columns. */
export function vatTableRows(taxes: OrderTaxes, gross: number, money: PriceFormatOptions, span: number) {
  return linesOf(taxes, gross, money).map(
    (line) =>
      html`<tr class="order-totals__vat"><th scope="row" colspan=${String(span)}>${line.label}</th><td>${line.amount}</td></tr>`,
  );
}

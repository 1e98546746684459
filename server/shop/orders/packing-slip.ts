/**
 * The packing slip of an order (`/admin/orders/<id>/packing-slip`, shop managers only): what goes in the parcel and
 * where it goes, without prices, on one printed page. A plain HTML page with print styles, so that the browser's own
 * Print (or Save as PDF) makes the paper; nothing runs on it.
 */
import { html } from '@lit-labs/ssr';
import { nothing } from 'lit';
import type { Middleware } from 'koa';
import { carrierName } from '../../../client/api/shipment-tracking.js';
import { can } from '../../auth/capabilities.js';
import { renderToString } from '../../html/render-html.js';
import { sessionUser } from '../../site/page-chrome.js';
import { toLocalDateTime } from '../../store/local-time.js';
import type { Order } from '../../store/schema.js';
import type { Store } from '../../store/store.js';

const STYLE = `
  body { font: 14px/1.45 system-ui, sans-serif; color: #1a1a1a; margin: 24px auto; max-width: 720px; padding: 0 16px; }
  h1 { font-size: 22px; margin: 0 0 4px; }
  .slip__parties { display: flex; flex-wrap: wrap; gap: 24px; margin: 16px 0; }
  .slip__parties section { flex: 1 1 240px; }
  h2 { font-size: 15px; margin: 0 0 4px; }
  address { font-style: normal; }
  table { width: 100%; border-collapse: collapse; margin: 16px 0; }
  th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid #8c8c8c; vertical-align: top; }
  td.slip__quantity, th.slip__quantity { text-align: right; width: 6em; }
  .slip__check { width: 2.5em; }
  .slip__hint { color: #595959; }
  @media print {
    body { margin: 0; max-width: none; }
    .slip__hint { display: none; }
    tr { break-inside: avoid; }
  }
`;

export function packingSlipHtml(store: Store, order: Order): Promise<string> {
  const { general } = store.site.data.settings;
  const placed = toLocalDateTime(order.created_at, general.timezone).replace('T', ' ').slice(0, 16);
  const to = order.billing;
  const template = html`<html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="robots" content="noindex" />
      <title>Packing slip ${order.number} · ${general.shop_name}</title>
    </head>
    <body>
      <p class="slip__hint">Print this page with your browser (Ctrl+P or ⌘P); this line is left off the paper.</p>
      <h1>Packing slip · order ${order.number}</h1>
      <p>Placed ${placed}${order.shipping_lines[0] ? ` · ${order.shipping_lines[0].method_title}` : ''}</p>
      <div class="slip__parties">
        <section>
          <h2>Ship to</h2>
          <address>
            ${to.first_name} ${to.last_name}<br />${to.street}<br />${to.postcode} ${to.city}<br />${to.country}${
              to.phone ? html`<br />${to.phone}` : nothing
            }<br />${order.email}
          </address>
        </section>
        <section>
          <h2>From</h2>
          <address>${general.company_name || general.shop_name}<br />${general.company_address}</address>
        </section>
      </div>
      ${order.customer_note ? html`<h2>Customer's note</h2><p>${order.customer_note}</p>` : nothing}
      <table>
        <thead>
          <tr>
            <th class="slip__check" scope="col"><span aria-label="Packed">✓</span></th>
            <th scope="col">Item</th>
            <th scope="col">SKU</th>
            <th class="slip__quantity" scope="col">Quantity</th>
          </tr>
        </thead>
        <tbody>
          ${order.lines.map(
            (line) =>
              html`<tr>
                <td class="slip__check">☐</td>
                <td>${line.title}</td>
                <td>${line.sku}</td>
                <td class="slip__quantity">${line.quantity}</td>
              </tr>`,
          )}
        </tbody>
      </table>
      ${
        order.shipments.length
          ? html`<h2>Parcels</h2>
            <ul>
              ${order.shipments.map(
                (parcel) =>
                  html`<li>${carrierName(parcel)}: ${parcel.tracking_number} (shipped ${parcel.date_shipped})</li>`,
              )}
            </ul>`
          : nothing
      }
    </body>
  </html>`;
  // The styles are the module's own constant: put in after rendering, as Lit does not bind inside <style>.
  return renderToString(template).then(
    (body) => `<!doctype html>\n${body.replace('</head>', `<style>${STYLE}</style></head>`)}`,
  );
}

/** Serves the slip to a signed-in shop manager; others go to the login or get a 403, and an unknown order a 404. */
export function packingSlipMiddleware(store: Store): Middleware {
  return async (ctx) => {
    const user = sessionUser(ctx);
    if (!user) return ctx.redirect(`/login?redirect_to=${encodeURIComponent(ctx.path)}`);
    ctx.set('Cache-Control', 'private, no-store');
    if (!can(user.roles, 'manage_shop')) {
      ctx.status = 403;
      ctx.body = 'Only shop managers may print packing slips.';
      return;
    }
    const id = Number(ctx.params.id);
    const order = Number.isSafeInteger(id) ? await store.orders.find(id) : null;
    if (!order) {
      ctx.status = 404;
      ctx.body = 'There is no such order.';
      return;
    }
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = await packingSlipHtml(store, order);
  };
}

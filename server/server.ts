/**
 * Starts Vitrine on a real port: opens (and on first use seeds) the store, builds the app, listens, then fires
 * `facet/booted`. Used by `vitrine serve` and by the tests, which ask for port 0.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.js';
import { withBoundPort, type Config } from './config.js';
import type { VitrinePlugin } from './extensions/plugin.js';
import { productSearchIndexFor } from './catalog/edited-product-search.js';
import { openStore } from './demo/seeded-store.js';
import type { Store } from './store/store.js';
import type { SeedReport } from './demo/seed.js';
import { startMailDelivery } from './mail/mail-delivery.js';
import { recordLegacyWithdrawalRefunds } from './shop/withdrawals/legacy-withdrawal-refunds.js';
import { ShopMail } from './mail/shop-mail.js';
import { HoldSweeper } from './shop/orders/hold-sweeper.js';
import { InvoiceSweeper } from './invoices/invoice-sweeper.js';
import { invoicePdfOptionsFrom, startKsefSendingIfConfigured } from './invoices/ksef/ksef-on-demand.js';
import { invoiceMailAttachments } from './invoices/pdf/invoice-mail-attachments.js';
import { webhookAddressPolicy } from './wc/webhooks/webhook-address-policy.js';
import { WebhookDeliveryWorker } from './wc/webhooks/webhook-delivery-worker.js';
import { withWebhookEvents } from './wc/webhooks/webhook-events.js';
import { selectionStates, shopperStates, warmUp } from './warm-up.js';

export interface RunningServer {
  server: Server;
  url: string;
  config: Config;
  plugin: VitrinePlugin;
  store: Store;
  seeded: SeedReport | null;
  /**
   * Settles once `GET /readyz` says ready: at once, or after the warm-up. The server answers every request meanwhile
   * (a restarted shop serves whoever reaches it directly); only a load balancer waits for this.
   */
  ready: Promise<void>;
  close(): Promise<void>;
}

export interface StartOptions {
  /**
   * Sends the server a few requests of the kind shoppers send first before it says it is ready (server/warm-up.ts;
   * `GET /readyz` answers 503 until then): `vitrine serve` does, so that a restarted instance joins its load
   * balancer's pool only once its first answers cost what the rest do. Without it (the tests), ready at once. The
   * warm-up runs after the start returns, so that it never delays the first answers it is meant to speed up.
   */
  warmUp?: boolean;
}

/**
 * @param env the environment `config` was read from: KSeF's settings are read from it too (ksef-on-demand.ts)
 */
export async function startServer(
  config: Config,
  env: NodeJS.ProcessEnv = process.env,
  options: StartOptions = {},
): Promise<RunningServer> {
  // The catalog's products are loaded on first need (see app.ts): /filter answers from the facet index snapshot.
  const opened = await openStore(config, { lazyCatalog: true });
  const { seeded } = opened;
  // Every change of an order, a product or a customer queues the deliveries of the webhooks listening for it, and
  // wakes the sender (started below, once the site's address is known).
  let webhooks: WebhookDeliveryWorker | null = null;
  const store = withWebhookEvents(opened.store, () => webhooks?.wake(), console.error);
  // The app needs the final site URL (port 0 binds a free port), so listen first and attach the app right after.
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const boundConfig = withBoundPort(config, (server.address() as AddressInfo).port);
  let created: Awaited<ReturnType<typeof createApp>>;
  try {
    created = await createApp(boundConfig, store, env);
  } catch (error) {
    server.close();
    await store.close();
    throw error;
  }
  const { app, plugin, readiness } = created;
  server.on('request', app.callback());
  // The facet and search indexes are built before the first shopper asks, and again when another process or instance
  // replaced or edited the catalog.
  const facets = plugin.container.get('facets');
  const buildIndexes = async () => {
    // ready() applies the edits made since the index was built, or rebuilds it when the catalog was replaced; with
    // the catalog not loaded yet, it reads the index back from its snapshot when that fits the catalog.
    await facets.ready();
    if (store.catalog.loaded)
      productSearchIndexFor(store.catalog.data, (products) => store.catalog.editsSince(products), facets.wordForms());
  };
  await buildIndexes();
  const stopWatching = store.onChange((change) => {
    if (change === 'catalog')
      buildIndexes().catch((error: Error) => console.error(`[vitrine] updating the indexes failed: ${error.message}`));
  });
  // Messages queued while no server ran (or by a server that crashed) go out now.
  // A payment e-mail carries its invoice, a correction e-mail the correction: PDFs rendered when the message leaves.
  const mail = startMailDelivery(
    boundConfig,
    store,
    invoiceMailAttachments(store, () => invoicePdfOptionsFrom(env)),
  );
  // Unpaid orders whose hold ended give their stock back; the reminders a day before go out through the same outbox.
  const shopMail = new ShopMail(store, boundConfig.siteUrl);
  const holds = new HoldSweeper({
    store,
    messages: { reminder: shopMail.paymentReminder, statusChanged: shopMail.orderStatusChanged },
  });
  holds.start();
  await recordLegacyWithdrawalRefunds(store);
  // Company orders paid (or placed) get their VAT invoice; one whose process died before issuing it gets it now.
  const invoices = new InvoiceSweeper({ store, tellCorrection: (order, key) => shopMail.correctionIssued(order, key) });
  invoices.start();
  // Issued invoices waiting for KSeF (queued, or issued offline) are sent when credentials are configured.
  const ksef = await startKsefSendingIfConfigured(env, store.invoices);
  webhooks = new WebhookDeliveryWorker({
    store,
    config: boundConfig,
    policy: webhookAddressPolicy(boundConfig.webhookAllowHosts),
  });
  webhooks.start();
  await plugin.hooks.doAction('facet/booted', plugin);
  const warmedUp = options.warmUp
    ? warmUp({
        // Over loopback, whatever public address SITE_URL names (a proxy or CDN in front must not see these).
        url: loopbackUrl(server.address() as AddressInfo),
        restRoot: boundConfig.restRoot,
        orderbyOptions: facets.config().orderby_options,
        states: () => selectionStates(facets.engine().schema, (query) => facets.filter(query, {}).result.found),
        shoppers: (count) => shopperStates(facets.engine().schema, count),
        budgetMs: boundConfig.warmUpSeconds * 1000,
      })
    : Promise.resolve();
  const ready = warmedUp.then(() => readiness.markReady());
  return {
    ready,
    server,
    url: boundConfig.siteUrl,
    config: boundConfig,
    plugin,
    store,
    seeded,
    close: () =>
      new Promise<void>((resolve, reject) => {
        stopWatching();
        server.closeAllConnections();
        server.close((error) => {
          // A snapshot being written and a message being sent are finished first.
          Promise.all([facets.flush(), mail.stop(), holds.stop(), invoices.stop(), ksef?.stop(), webhooks?.stop()])
            .then(() => store.close())
            .then(() => (error ? reject(error) : resolve()), reject);
        });
      }),
  };
}

/** The address that reaches this process from itself, e.g. `http://127.0.0.1:8080`, whatever it listens on. */
function loopbackUrl({ address, family, port }: AddressInfo): string {
  if (address === '::' || address === '0.0.0.0') return `http://127.0.0.1:${port}`;
  return `http://${family === 'IPv6' ? `[${address}]` : address}:${port}`;
}

/**
 * The confirmation of an order on a durable medium (Consumer Rights Directive art. 8(7)): what was bought at what
 * price, shipping, fees and the total, how to pay (for a bank transfer: the account, the amount and the transfer
 * title), where it goes, the texts the customer accepted with their SHA-256 (the consent log's `label_hash`) and the
 * legal pages they link to in the version that was accepted, the withdrawal information and the model withdrawal
 * form; and the shop's notification of the new order.
 */
import { collectedByCustomer } from '../../../client/api/shipping.js';
import { formatMoney } from '../../catalog/price-format.js';
import { groupedIban } from '../../store/bank-account.js';
import type { NewMessage } from '../../store/outbox.js';
import type { ConsentRecord, Order, Page } from '../../store/schema.js';
import { composeMessage } from '../compose-message.js';
import type { MailBlock } from '../templates/mail-content.js';
import { htmlToText } from '../templates/html-to-text.js';
import { formatMailDateTime, mailShopFor, type MailShop } from '../templates/mail-shop.js';
import type { Translate } from '../../i18n/translator.js';
import { orderAddressBlocks } from './order-address-blocks.js';
import { withdrawalInformationBlocks } from './withdrawal-information.js';
import { boundedQuote } from '../templates/stranger-text.js';
import { minorUnits } from '../../tax/order-taxes.js';
import { vatLines } from '../../tax/vat-lines.js';

/** What the confirmation needs of the shop beyond its identity, read from the settings when the order is placed. */
export interface OrderMailSettings {
  withdrawalDays: number;
  withdrawalEnabled: boolean;
  bank: { holder: string; iban: string; bic: string; name: string };
  /** The shop's pages, to give the legal pages the customer accepted. */
  pages: readonly Page[];
}

/** `name` closing a sentence: a name that ends in its own full stop ("Vitrine Sp. z o.o.") gets no second one. */
const sentence = (name: string) => (name.endsWith('.') ? name : `${name}.`);

function linesTable(order: Order, t: Translate, money: (amount: number) => string): MailBlock {
  const rows = order.lines.map((line) => [
    line.sku ? `${line.title} (${line.sku})` : line.title,
    String(line.quantity),
    money(line.unit_price),
    money(line.line_total),
  ]);
  const extra =
    order.shipping_lines.length || order.fee_lines.length || order.coupon_lines.length
      ? [[t('mailOrder.subtotal'), '', '', money(order.subtotal)]]
      : [];
  const discounts = order.coupon_lines.map((line) => [
    t('mailOrder.discount', { code: line.code }),
    '',
    '',
    `−${money(line.discount / 100)}`,
  ]);
  const shipping = order.shipping_lines.map((line) => [
    t('mailOrder.shipping', { method: line.method_title }),
    '',
    '',
    line.total === 0 ? t('mailOrder.free') : money(line.total),
  ]);
  const fees = order.fee_lines.map((fee) => [fee.name, '', '', money(fee.total)]);
  // Net, the VAT of each rate and gross, below the total (server/tax/vat-lines.ts).
  const vat = vatLines(order.taxes, minorUnits(order.total), (minor) => money(minor / 100), t).map((line) => [
    line.label,
    '',
    '',
    line.amount,
  ]);
  return {
    table: {
      caption: t('mailOrder.linesCaption'),
      head: [t('mailOrder.product'), t('mailOrder.quantity'), t('mailOrder.price'), t('mailOrder.lineTotal')],
      rows: [
        ...rows,
        ...extra,
        ...discounts,
        ...shipping,
        ...fees,
        [t('mailOrder.grandTotal'), '', '', money(order.total)],
        ...vat,
      ],
    },
  };
}

/** How the order is paid, named as the customer chose it. */
function paymentName(order: Order, t: Translate): string {
  if (order.payment_method === 'stripe') return t('mailOrder.onlineStripe');
  if (order.payment_method === 'przelewy24') return t('mailOrder.onlinePrzelewy24');
  return order.payment_method === 'bank_transfer' ? t('mailOrder.bankTransfer') : t('mailOrder.cashOnDelivery');
}

function paymentBlocks(
  order: Order,
  shop: MailShop,
  settings: OrderMailSettings,
  t: Translate,
  money: (amount: number) => string,
): MailBlock[] {
  const amount = money(order.total);
  if (order.payment_method === 'stripe' || order.payment_method === 'przelewy24')
    return [
      { section: t('mailOrder.payment') },
      { paragraph: `${paymentName(order, t)}. ${t('mailOrder.onlineText', { amount })}` },
    ];
  if (order.payment_method === 'cash_on_delivery') {
    return [
      { section: t('mailOrder.payment') },
      {
        paragraph: `${t('mailOrder.cashOnDelivery')}. ${
          collectedByCustomer(order.shipping_lines)
            ? t('mailOrder.codPickupText', { amount })
            : t('mailOrder.codText', { amount })
        }`,
      },
    ];
  }
  const { bank } = settings;
  if (!bank.iban)
    return [
      { section: t('mailOrder.payment') },
      {
        paragraph: `${t('mailOrder.bankTransfer')}. ${t('mailOrder.noAccount', {
          amount,
          company: shop.companyName,
          address: shop.address,
          number: order.number,
        })}`,
      },
    ];
  const facts: [string, string][] = [
    [t('mailOrder.holder'), bank.holder || shop.companyName],
    [t('mailOrder.iban'), groupedIban(bank.iban)],
  ];
  if (bank.bic) facts.push([t('mailOrder.bic'), bank.bic.trim().toUpperCase()]);
  if (bank.name) facts.push([t('mailOrder.bank'), bank.name]);
  facts.push([t('mailOrder.transferTitle'), order.number], [t('mailOrder.amount'), amount]);
  return [
    { section: t('mailOrder.payment') },
    { paragraph: `${t('mailOrder.bankTransfer')}. ${t('mailOrder.transferIntro')}` },
    { facts },
  ];
}

/** The consents of the order's form, with the accepted legal pages' text in the version the customer saw. */
function consentBlocks(
  consent: readonly ConsentRecord[],
  shop: MailShop,
  settings: OrderMailSettings,
  t: Translate,
): MailBlock[] {
  if (consent.length === 0) return [];
  const blocks: MailBlock[] = [{ section: t('mailOrder.consents') }];
  const pageVersion = (page: Page, version: string) =>
    t('mailOrder.pageVersion', { title: page.title, version: formatMailDateTime(version, shop) });
  const pages: { page: Page; version: string }[] = [];
  for (const record of consent) {
    const page = record.legal_page_id
      ? settings.pages.find((candidate) => candidate.id === record.legal_page_id)
      : undefined;
    const version = record.legal_page_modified_at ?? page?.modified_at ?? '';
    const facts: [string, string][] = [
      [record.accepted ? t('mailOrder.accepted') : t('mailOrder.declined'), record.label],
    ];
    if (record.label_hash) facts.push([t('mailOrder.textHash'), record.label_hash]);
    if (page) facts.push([t('mailOrder.pageLabel'), pageVersion(page, version)]);
    blocks.push({ facts });
    if (page && record.accepted && !pages.some((kept) => kept.page.id === page.id)) pages.push({ page, version });
  }
  if (pages.length) blocks.push({ paragraph: t('mailOrder.pageIntro') });
  for (const { page, version } of pages) {
    const text = htmlToText(page.content);
    blocks.push({ section: pageVersion(page, version) }, ...text.split(/\n{2,}/).map((paragraph) => ({ paragraph })));
    if (!text) blocks.push({ paragraph: t('mailOrder.emptyPage') });
  }
  return blocks;
}

/** What the order is: its number, lines, payment, addresses and note, in `shop`'s language. */
function orderSummary(shop: MailShop, settings: OrderMailSettings, order: Order): MailBlock[] {
  const { t } = shop.translator;
  const money = (amount: number) => formatMoney(amount, { currency: order.currency, locale: shop.locale });
  return [
    {
      facts: [
        [t('mail.order'), order.number],
        [t('mailOrder.placed'), formatMailDateTime(order.created_at, shop)],
        [t('mail.email'), order.email],
      ],
    },
    linesTable(order, t, money),
    {
      paragraph: order.taxes.prices_include_tax ? t('mailOrder.pricesIncludeVat') : t('mailOrder.pricesExcludeVat'),
    },
    ...paymentBlocks(order, shop, settings, t, money),
    ...orderAddressBlocks(order, shop),
    ...(order.customer_note ? [{ section: t('mailOrder.note') }, { quote: boundedQuote(order.customer_note) }] : []),
  ];
}

/**
 * The customer's confirmation, in the language the order was placed in, and the shop's notification, in the shop's.
 * @param consent the consent records of the order's form (with the label hashes and legal page versions)
 */
export function orderPlacedMessages(
  shop: MailShop,
  settings: OrderMailSettings,
  order: Order,
  consent: readonly ConsentRecord[],
): NewMessage[] {
  return [
    orderConfirmation(mailShopFor(shop, order.language), settings, order, consent),
    shopNotification(shop, settings, order),
  ];
}

function orderConfirmation(
  shop: MailShop,
  settings: OrderMailSettings,
  order: Order,
  consent: readonly ConsentRecord[],
): NewMessage {
  const { t } = shop.translator;
  return composeMessage(shop, {
    kind: 'order-confirmation',
    to: order.email,
    replyTo: shop.email,
    subject: t('mailOrder.subject', { number: order.number }),
    heading: t('mailOrder.heading', { number: order.number }),
    blocks: [
      { paragraph: t('mailOrder.intro', { company: sentence(shop.companyName) }) },
      ...orderSummary(shop, settings, order),
      ...consentBlocks(consent, shop, settings, t),
      ...(settings.withdrawalEnabled ? withdrawalInformationBlocks(shop, settings.withdrawalDays) : []),
    ],
  });
}

function shopNotification(shop: MailShop, settings: OrderMailSettings, order: Order): NewMessage {
  const { t } = shop.translator;
  const money = (amount: number) => formatMoney(amount, { currency: order.currency, locale: shop.locale });
  return composeMessage(shop, {
    kind: 'shop-order',
    to: shop.notificationEmail,
    replyTo: order.email,
    subject: t('mailOrder.shopSubject', { number: order.number, total: money(order.total) }),
    heading: t('mailOrder.shopHeading', { number: order.number }),
    blocks: [
      {
        facts: [
          [t('mailOrder.customer'), `${order.billing.first_name} ${order.billing.last_name} <${order.email}>`],
          [t('mailOrder.payment'), paymentName(order, t)],
        ],
      },
      ...orderSummary(shop, settings, order),
      { link: { label: t('mail.adminLink'), url: `${shop.siteUrl}/admin/` } },
    ],
  });
}

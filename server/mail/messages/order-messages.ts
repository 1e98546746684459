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
import { formatMailDateTime, type MailLanguage, type MailShop } from '../templates/mail-shop.js';
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

const TEXTS = {
  en: {
    subject: (o: Order) => `Order ${o.number} confirmed`,
    heading: (o: Order) => `Thank you for your order ${o.number}`,
    intro: (shop: MailShop) =>
      `This message confirms your contract with ${sentence(shop.companyName)} Keep it: it holds the terms you accepted and how to withdraw.`,
    number: 'Order',
    placed: 'Placed on',
    email: 'E-mail',
    linesCaption: 'What you ordered',
    product: 'Product',
    quantity: 'Quantity',
    price: 'Price',
    total: 'Total',
    subtotal: 'Subtotal',
    discount: (code: string) => `Discount (coupon ${code})`,
    shipping: (title: string) => `Shipping: ${title}`,
    free: 'Free',
    grandTotal: 'Total to pay',
    vat: (included: boolean) => (included ? 'All prices include VAT.' : 'Prices do not include VAT.'),
    net: 'Net',
    included: (label: string) => `incl. ${label}`,
    added: (label: string) => label,
    gross: 'Gross',
    payment: 'Payment',
    bankTransfer: 'Bank transfer',
    cod: 'Cash on delivery',
    online: { stripe: 'BLIK, card or online bank transfer (Stripe)', przelewy24: 'Przelewy24' },
    onlineText: (amount: string) =>
      `You pay ${amount} online on the payment provider's page. We prepare your order once the provider confirms the payment, and tell you by e-mail.`,
    transferIntro:
      'Please transfer the amount below with the order number as its title. We send the order once the payment arrives.',
    noAccount: (shop: MailShop, o: Order, amount: string) =>
      `Please transfer ${amount} to ${shop.companyName}, ${shop.address}, with the title ${o.number}. We will send you our account number.`,
    holder: 'Account holder',
    iban: 'IBAN',
    bic: 'BIC (SWIFT)',
    bank: 'Bank',
    title: 'Transfer title',
    amount: 'Amount',
    codText: (amount: string) => `Please pay ${amount} to the courier on delivery.`,
    codPickupText: (amount: string) => `Please pay ${amount} when you collect your order.`,
    note: 'Your note',
    consents: 'What you accepted',
    accepted: 'Accepted',
    declined: 'Not accepted',
    textHash: 'SHA-256 of this text',
    pageLabel: 'Linked page',
    page: (title: string, version: string) => `${title}, version of ${version}`,
    pageIntro: 'The legal pages below are given in the version you accepted.',
    emptyPage: '(This page has no text.)',
    shopSubject: (o: Order, total: string) => `New order ${o.number} (${total})`,
    shopHeading: (o: Order) => `New order ${o.number}`,
    customer: 'Customer',
    paymentMethod: 'Payment',
  },
  pl: {
    subject: (o: Order) => `Potwierdzenie zamówienia ${o.number}`,
    heading: (o: Order) => `Dziękujemy za zamówienie ${o.number}`,
    intro: (shop: MailShop) =>
      `Ta wiadomość potwierdza zawarcie umowy z ${sentence(shop.companyName)} Zachowaj ją: zawiera zaakceptowane warunki i informację o odstąpieniu od umowy.`,
    number: 'Zamówienie',
    placed: 'Złożono',
    email: 'E-mail',
    linesCaption: 'Zamówione produkty',
    product: 'Produkt',
    quantity: 'Ilość',
    price: 'Cena',
    total: 'Razem',
    subtotal: 'Suma częściowa',
    discount: (code: string) => `Rabat (kod ${code})`,
    shipping: (title: string) => `Dostawa: ${title}`,
    free: 'Bezpłatnie',
    grandTotal: 'Do zapłaty',
    vat: (included: boolean) => (included ? 'Wszystkie ceny zawierają VAT.' : 'Ceny nie zawierają VAT.'),
    net: 'Netto',
    included: (label: string) => `w tym ${label}`,
    added: (label: string) => label,
    gross: 'Brutto',
    payment: 'Płatność',
    bankTransfer: 'Przelew bankowy',
    cod: 'Płatność przy odbiorze',
    online: { stripe: 'BLIK, karta lub przelew online (Stripe)', przelewy24: 'Przelewy24' },
    onlineText: (amount: string) =>
      `Płacisz ${amount} online na stronie operatora płatności. Przygotujemy zamówienie, gdy operator potwierdzi płatność, i powiadomimy Cię o tym e-mailem.`,
    transferIntro:
      'Przelej poniższą kwotę, podając numer zamówienia w tytule. Wyślemy zamówienie po zaksięgowaniu wpłaty.',
    noAccount: (shop: MailShop, o: Order, amount: string) =>
      `Przelej ${amount} na rzecz ${shop.companyName}, ${shop.address}, z tytułem ${o.number}. Numer konta prześlemy osobno.`,
    holder: 'Odbiorca',
    iban: 'IBAN',
    bic: 'BIC (SWIFT)',
    bank: 'Bank',
    title: 'Tytuł przelewu',
    amount: 'Kwota',
    codText: (amount: string) => `Zapłać ${amount} kurierowi przy odbiorze.`,
    codPickupText: (amount: string) => `Zapłać ${amount} przy odbiorze osobistym.`,
    note: 'Twoja uwaga',
    consents: 'Zaakceptowane oświadczenia',
    accepted: 'Zaakceptowano',
    declined: 'Nie zaakceptowano',
    textHash: 'SHA-256 tej treści',
    pageLabel: 'Dokument',
    page: (title: string, version: string) => `${title}, wersja z ${version}`,
    pageIntro: 'Poniższe dokumenty podajemy w wersji, którą zaakceptowałaś(-eś).',
    emptyPage: '(Ta strona nie ma treści.)',
    shopSubject: (o: Order, total: string) => `Nowe zamówienie ${o.number} (${total})`,
    shopHeading: (o: Order) => `Nowe zamówienie ${o.number}`,
    customer: 'Klient',
    paymentMethod: 'Płatność',
  },
} satisfies Record<MailLanguage, unknown>;

type Texts = (typeof TEXTS)[MailLanguage];

function linesTable(order: Order, t: Texts, money: (amount: number) => string): MailBlock {
  const rows = order.lines.map((line) => [
    line.sku ? `${line.title} (${line.sku})` : line.title,
    String(line.quantity),
    money(line.unit_price),
    money(line.line_total),
  ]);
  const extra =
    order.shipping_lines.length || order.fee_lines.length || order.coupon_lines.length
      ? [[t.subtotal, '', '', money(order.subtotal)]]
      : [];
  const discounts = order.coupon_lines.map((line) => [t.discount(line.code), '', '', `−${money(line.discount / 100)}`]);
  const shipping = order.shipping_lines.map((line) => [
    t.shipping(line.method_title),
    '',
    '',
    line.total === 0 ? t.free : money(line.total),
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
      caption: t.linesCaption,
      head: [t.product, t.quantity, t.price, t.total],
      rows: [...rows, ...extra, ...discounts, ...shipping, ...fees, [t.grandTotal, '', '', money(order.total)], ...vat],
    },
  };
}

/** How the order is paid, named as the customer chose it. */
function paymentName(order: Order, t: Texts): string {
  if (order.payment_method === 'stripe' || order.payment_method === 'przelewy24') return t.online[order.payment_method];
  return order.payment_method === 'bank_transfer' ? t.bankTransfer : t.cod;
}

function paymentBlocks(
  order: Order,
  shop: MailShop,
  settings: OrderMailSettings,
  t: Texts,
  money: (amount: number) => string,
): MailBlock[] {
  const amount = money(order.total);
  if (order.payment_method === 'stripe' || order.payment_method === 'przelewy24')
    return [{ section: t.payment }, { paragraph: `${t.online[order.payment_method]}. ${t.onlineText(amount)}` }];
  if (order.payment_method === 'cash_on_delivery') {
    return [
      { section: t.payment },
      { paragraph: `${t.cod}. ${(collectedByCustomer(order.shipping_lines) ? t.codPickupText : t.codText)(amount)}` },
    ];
  }
  const { bank } = settings;
  if (!bank.iban)
    return [{ section: t.payment }, { paragraph: `${t.bankTransfer}. ${t.noAccount(shop, order, amount)}` }];
  const facts: [string, string][] = [
    [t.holder, bank.holder || shop.companyName],
    [t.iban, groupedIban(bank.iban)],
  ];
  if (bank.bic) facts.push([t.bic, bank.bic.trim().toUpperCase()]);
  if (bank.name) facts.push([t.bank, bank.name]);
  facts.push([t.title, order.number], [t.amount, amount]);
  return [{ section: t.payment }, { paragraph: `${t.bankTransfer}. ${t.transferIntro}` }, { facts }];
}

/** The consents of the order's form, with the accepted legal pages' text in the version the customer saw. */
function consentBlocks(
  consent: readonly ConsentRecord[],
  shop: MailShop,
  settings: OrderMailSettings,
  t: Texts,
): MailBlock[] {
  if (consent.length === 0) return [];
  const blocks: MailBlock[] = [{ section: t.consents }];
  const pages: { page: Page; version: string }[] = [];
  for (const record of consent) {
    const page = record.legal_page_id
      ? settings.pages.find((candidate) => candidate.id === record.legal_page_id)
      : undefined;
    const version = record.legal_page_modified_at ?? page?.modified_at ?? '';
    const facts: [string, string][] = [[record.accepted ? t.accepted : t.declined, record.label]];
    if (record.label_hash) facts.push([t.textHash, record.label_hash]);
    if (page) facts.push([t.pageLabel, t.page(page.title, formatMailDateTime(version, shop))]);
    blocks.push({ facts });
    if (page && record.accepted && !pages.some((kept) => kept.page.id === page.id)) pages.push({ page, version });
  }
  if (pages.length) blocks.push({ paragraph: t.pageIntro });
  for (const { page, version } of pages) {
    const text = htmlToText(page.content);
    blocks.push(
      { section: t.page(page.title, formatMailDateTime(version, shop)) },
      ...text.split(/\n{2,}/).map((paragraph) => ({ paragraph })),
    );
    if (!text) blocks.push({ paragraph: t.emptyPage });
  }
  return blocks;
}

/**
 * The customer's confirmation and the shop's notification of a new order.
 * @param consent the consent records of the order's form (with the label hashes and legal page versions)
 */
export function orderPlacedMessages(
  shop: MailShop,
  settings: OrderMailSettings,
  order: Order,
  consent: readonly ConsentRecord[],
): NewMessage[] {
  const t = TEXTS[shop.language];
  const money = (amount: number) => formatMoney(amount, { currency: order.currency, locale: shop.locale });
  const summary: MailBlock[] = [
    {
      facts: [
        [t.number, order.number],
        [t.placed, formatMailDateTime(order.created_at, shop)],
        [t.email, order.email],
      ],
    },
    linesTable(order, t, money),
    { paragraph: t.vat(order.taxes.prices_include_tax) },
    ...paymentBlocks(order, shop, settings, t, money),
    ...orderAddressBlocks(order, shop),
    ...(order.customer_note ? [{ section: t.note }, { quote: boundedQuote(order.customer_note) }] : []),
  ];
  return [
    composeMessage(shop, {
      kind: 'order-confirmation',
      to: order.email,
      replyTo: shop.email,
      subject: t.subject(order),
      heading: t.heading(order),
      blocks: [
        { paragraph: t.intro(shop) },
        ...summary,
        ...consentBlocks(consent, shop, settings, t),
        ...(settings.withdrawalEnabled ? withdrawalInformationBlocks(shop, settings.withdrawalDays) : []),
      ],
    }),
    composeMessage(shop, {
      kind: 'shop-order',
      to: shop.notificationEmail,
      replyTo: order.email,
      subject: t.shopSubject(order, money(order.total)),
      heading: t.shopHeading(order),
      blocks: [
        {
          facts: [
            [t.customer, `${order.billing.first_name} ${order.billing.last_name} <${order.email}>`],
            [t.paymentMethod, paymentName(order, t)],
          ],
        },
        ...summary,
        { link: { label: 'Admin', url: `${shop.siteUrl}/admin/` } },
      ],
    }),
  ];
}

// The admin writes dates, numbers and money the shop's way (its locale, time zone and
// currency, not the browser's), reads numbers typed the shop's way, and turns refused fields into sentences with
// labels.
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { fieldSentences, withLabels } from '../../../client/admin/data/field-sentences.js';
import { setShopLocale } from '../../../client/admin/locale/shop-locale.js';
import { setUserDateLocale } from '../../../client/admin/locale/user-language.js';
import {
  formatApiMoney,
  formatShopMoney,
  parseShopNumber,
  shopPercent,
  toApiNumber,
  toFieldNumber,
} from '../../../client/admin/locale/shop-number.js';
import {
  formatShopDate,
  formatShopDateTime,
  formatShopDateTimeShort,
  shopToday,
} from '../../../client/admin/locale/shop-time.js';
import { formOf, productBody } from '../../../client/admin/product-editor/product-form.js';
import { changedBody, draftOf } from '../../../client/admin/products/price-stock-draft.js';
import { settingWords } from '../../../client/admin/settings/setting-words.js';
import { toRequestValue } from '../../../client/admin/settings/setting-values.js';
import { USER_WORDS, userFieldOf } from '../../../client/admin/users/user-words.js';

const POLISH = { locale: 'pl-PL', timeZone: 'Europe/Warsaw', currency: 'PLN' };
afterEach(() => setShopLocale(POLISH));

describe("numbers typed the shop's way (parseShopNumber)", () => {
  it("reads a Polish shop's decimal comma, its space grouping, and the dot many people type anyway", () => {
    assert.equal(parseShopNumber('129,99', 'pl-PL'), 129.99);
    assert.equal(parseShopNumber(' 1 299,99 ', 'pl-PL'), 1299.99);
    assert.equal(parseShopNumber('1\u00a0299,5', 'pl-PL'), 1299.5);
    assert.equal(parseShopNumber('129.99', 'pl-PL'), 129.99);
    assert.equal(parseShopNumber('1.299,99', 'pl-PL'), 1299.99);
    assert.equal(parseShopNumber('-3', 'pl-PL'), -3);
  });

  it('reads an English shop\'s comma only as grouping in threes, so "12,99" is refused, not read as 1299', () => {
    assert.equal(parseShopNumber('1,299.99', 'en-GB'), 1299.99);
    assert.equal(parseShopNumber('129.99', 'en-GB'), 129.99);
    assert.equal(parseShopNumber('12,99', 'en-GB'), null);
  });

  it('refuses what is no number, and gives the API a plain number or the text as typed', () => {
    for (const text of ['', '  ', 'abc', '12,3,4', '1.2.3', '12a', '1,2,3'])
      assert.equal(parseShopNumber(text, 'pl-PL'), null, text);
    assert.equal(toApiNumber(' 129,99 ', 'pl-PL'), '129.99');
    assert.equal(toApiNumber('12 zł', 'pl-PL'), '12 zł');
    assert.equal(toFieldNumber('129.99', 'pl-PL'), '129,99');
    assert.equal(toFieldNumber('129.99', 'en-GB'), '129.99');
    assert.equal(toFieldNumber(null, 'pl-PL'), '');
  });

  it('round-trips what it shows: every amount written for a field reads back as itself', () => {
    for (const locale of ['pl-PL', 'en-GB', 'de-DE']) {
      for (let cents = 0; cents < 200_000; cents += 997) {
        const amount = (cents / 100).toFixed(2);
        assert.equal(parseShopNumber(toFieldNumber(amount, locale), locale), Number(amount), `${locale} ${amount}`);
      }
    }
  });
});

describe("money and dates the shop's way", () => {
  it("writes money in the shop's currency and locale", () => {
    assert.equal(formatShopMoney(162.99), '162,99\u00a0zł');
    setShopLocale({ locale: 'en-GB', currency: 'EUR' });
    assert.equal(formatShopMoney(162.99), '€162.99');
    assert.equal(shopPercent(87.5), '87.5%');
  });

  it("writes an amount the API gives (wc/v3 strings, vitrine/v1 numbers) in the record's own currency when it has one", () => {
    assert.equal(formatApiMoney('129.90'), '129,90\u00a0zł');
    assert.equal(formatApiMoney(129.9), '129,90\u00a0zł');
    assert.equal(formatApiMoney('129.90', 'EUR'), '129,90\u00a0€', 'an order keeps the currency it was placed in');
    assert.equal(formatApiMoney(''), '');
    assert.equal(formatApiMoney('n/a'), 'n/a');
    assert.equal(formatApiMoney(5, 'not a code'), '5,00 not a code', 'a code Intl refuses is written after the amount');
  });

  it("shows an instant in the shop's time zone, winter and summer, and a wall-clock time as it is", () => {
    setShopLocale({ locale: 'en-GB', timeZone: 'Europe/Warsaw' });
    const reference = (iso: string, timeZone: string) =>
      new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
    assert.equal(formatShopDateTime('2026-01-15T10:30:00.000Z'), reference('2026-01-15T11:30:00Z', 'UTC'));
    assert.equal(formatShopDateTime('2026-07-15T10:30:00Z'), reference('2026-07-15T12:30:00Z', 'UTC'));
    assert.match(formatShopDateTime('2026-01-15T10:30:00Z'), /11:30/);
    assert.match(formatShopDateTime('2026-07-15T10:30:00+00:00'), /12:30/);
    // compliance/v1 and wp/v2's `date` are already the shop's clock: no conversion.
    assert.match(formatShopDateTime('2026-01-15T10:30:00'), /10:30/);
    // The day an instant falls on in the shop's zone.
    assert.equal(formatShopDate('2026-01-15T23:30:00Z'), formatShopDate('2026-01-16'));
    setShopLocale({ timeZone: 'America/New_York' });
    assert.match(formatShopDateTime('2026-01-15T10:30:00Z'), /05:30/);
    assert.equal(formatShopDateTime(null), '');
    assert.equal(formatShopDateTime('not a date'), 'not a date');
  });

  it("writes a date's words in the user's own language when they chose one, in the shop's zone, numbers the shop's way", () => {
    setShopLocale(POLISH);
    assert.equal(formatShopDateTime('2026-01-15T10:30:00Z'), '15 sty 2026, 11:30', "the shop's Polish");
    setUserDateLocale('en-US');
    try {
      assert.equal(formatShopDateTime('2026-01-15T10:30:00Z').replace(/\s/g, ' '), 'Jan 15, 2026, 11:30 AM');
      assert.equal(formatShopDate('2026-07-15'), 'Jul 15, 2026');
      assert.equal(formatShopMoney(1299.5), '1299,50\u00a0zł', "money stays the shop's");
    } finally {
      setUserDateLocale(null);
    }
    assert.equal(formatShopDate('2026-07-15'), '15 lip 2026', "back to the shop's language");
  });

  it("writes a list's compact date and time in the shop's zone and locale", () => {
    setShopLocale({ locale: 'en-GB', timeZone: 'Europe/Warsaw' });
    const reference = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'UTC',
      dateStyle: 'short',
      timeStyle: 'short',
    }).format(new Date('2026-01-15T11:30:00Z'));
    assert.equal(formatShopDateTimeShort('2026-01-15T10:30:00Z'), reference);
    assert.equal(formatShopDateTimeShort('2026-01-15T11:30:00'), reference, 'a wall-clock time as it is');
    assert.equal(formatShopDateTimeShort(''), '');
  });

  it("gives the shop's day today, which is not the browser's (nor UTC's) around midnight", () => {
    const lateEvening = new Date('2026-01-15T23:30:00Z');
    assert.equal(shopToday(lateEvening), '2026-01-16', 'already the 16th in Warsaw');
    setShopLocale({ timeZone: 'America/New_York' });
    assert.equal(shopToday(lateEvening), '2026-01-15');
    assert.equal(shopToday(new Date('2026-07-01T03:59:00Z')), '2026-06-30', 'summer time: New York is 4 hours behind');
  });
});

describe("the forms read numbers typed the shop's way", () => {
  it('saves "129,99" as 129.99 from the quick edit and the product editor', () => {
    const saved = draftOf({
      regular_price: '162.99',
      sale_price: '',
      date_on_sale_from: null,
      date_on_sale_to: null,
      manage_stock: true,
      stock_quantity: 3,
      backorders: 'no',
      stock_status: 'instock',
    });
    assert.equal(saved.regular_price, '162,99');
    assert.deepEqual(changedBody(saved, { ...saved, regular_price: '129,99', stock_quantity: '1 200' }), {
      regular_price: '129.99',
      stock_quantity: 1200,
    });
    const form = formOf(null);
    const body = productBody(null, {
      ...form,
      name: 'Tea',
      prices: { ...form.prices, regular_price: '129,99' },
      weight: '0,25',
    })!;
    assert.equal(body.regular_price, '129.99');
    assert.equal(body.weight, '0.25');
  });

  it("sends a setting typed the shop's way as a number, and what is no number as typed", () => {
    const arg = { type: 'integer' as const, required: false, minimum: 0, maximum: 1_000_000 };
    assert.equal(toRequestValue(arg, '1 000'), 1000);
    assert.equal(toRequestValue(arg, 'ten'), 'ten');
  });
});

describe("refused fields in the manager's words", () => {
  it("says what a setting must be, with its label and bounds written the shop's way", () => {
    const words = settingWords({
      omnibus_days: { type: 'integer', title: 'Omnibus look-back in days', minimum: 1, maximum: 365, required: false },
      min_order_amount: {
        type: 'integer',
        title: 'Minimum order amount',
        minimum: 0,
        maximum: 1_000_000,
        required: false,
      },
      company_email: { type: 'string', title: 'Company e-mail', maxLength: 254, required: false },
    });
    assert.deepEqual(
      fieldSentences(
        {
          omnibus_days: 'omnibus_days must be an integer from 1 to 365.',
          min_order_amount: 'min_order_amount must be an integer from 0 to 1000000.',
          company_email: 'company_email must be an e-mail address.',
        },
        words,
      ),
      {
        omnibus_days: 'Omnibus look-back in days must be a whole number from 1 to 365.',
        min_order_amount: 'Minimum order amount must be a whole number from 0 to 1\u00a0000\u00a0000.',
        company_email: 'Company e-mail must be an e-mail address.',
      },
    );
  });

  it("states the password rule after a refusal, beside the form's own field", () => {
    assert.deepEqual(
      fieldSentences(
        { password: 'password must be at least 8 characters long.', roles: 'roles[0] must be one of …' },
        USER_WORDS,
        userFieldOf,
      ),
      {
        password: 'Password must be at least 8 characters long: type a longer one, or generate one.',
        role: 'Choose one of the roles offered.',
      },
    );
  });

  it('puts labels for field names in a reason it has no sentence for, and never reads inherited keys', () => {
    assert.equal(
      withLabels('sale_price must be lower than regular_price.', {
        sale_price: { label: 'Sale price' },
        regular_price: { label: 'Regular price' },
      }),
      'Sale price must be lower than regular price.',
    );
    assert.deepEqual(fieldSentences({ constructor: 'constructor is odd.' }, USER_WORDS, userFieldOf), {
      constructor: 'Constructor is odd.',
    });
  });
});

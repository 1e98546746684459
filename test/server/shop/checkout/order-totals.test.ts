// The one function that adds an order up, and the methods a zone offers for an amount of goods.
import { translator } from '../../../../server/i18n/translator.js';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { ShippingZone } from '../../../../client/api/shipping.js';
import { orderTotals, type TaxContext } from '../../../../server/shop/checkout/order-totals.js';
import { defaultTaxes } from '../../../../server/store/tax-defaults.js';
import { chooseShipping, offeredMethods } from '../../../../server/shop/shipping/shipping-zones.js';

const cents = fc.integer({ min: 0, max: 10_000_000 });
const tax = (pricesIncludeTax: boolean): TaxContext => ({
  rates: defaultTaxes().rates,
  pricesIncludeTax,
  deliveryRule: 'proportional',
  place: { country: 'PL', postcode: '' },
  untaxedMethods: new Set(),
});
/** Goods of one line at the standard rate. */
const goods = (subtotal: number) => ({ subtotal, lines: [{ lineTotal: subtotal, item: { product: {} } }] });

describe('orderTotals', () => {
  it('adds goods, shipping and fees to the cent, as integer cents would, and VAT on top of net prices', () => {
    fc.assert(
      fc.property(
        cents,
        fc.array(cents, { maxLength: 3 }),
        fc.array(cents, { maxLength: 3 }),
        fc.boolean(),
        (subtotal, shipping, fees, pricesIncludeTax) => {
          const totals = orderTotals(
            goods(subtotal / 100),
            shipping.map((total) => ({
              method_id: 'flat_rate',
              instance_id: 1,
              method_title: 'x',
              total: total / 100,
            })),
            fees.map((total) => ({ name: 'fee', total: total / 100 })),
            tax(pricesIncludeTax),
          );
          const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
          assert.equal(totals.shipping_total, sum(shipping) / 100);
          assert.equal(totals.fee_total, sum(fees) / 100);
          const added = pricesIncludeTax ? 0 : totals.taxes.total_tax;
          assert.equal(totals.total, (subtotal + sum(shipping) + sum(fees) + added) / 100);
        },
      ),
    );
    assert.equal(
      orderTotals(
        goods(0.1),
        [{ method_id: 'flat_rate', instance_id: 1, method_title: 'x', total: 0.2 }],
        [],
        tax(true),
      ).total,
      0.3,
    );
  });
});

describe('VAT on delivery', () => {
  const courier = { method_id: 'flat_rate' as const, instance_id: 4, method_title: 'Courier', total: 14.99 };

  it('taxes delivery at the goods’ rate unless its method is not taxable', () => {
    const taxed = orderTotals(goods(123), [courier], [], tax(true));
    assert.deepEqual(
      [taxed.taxes.shipping_lines[0]!.total_tax, taxed.taxes.shipping_tax, taxed.total],
      [280, 280, 137.99],
    );
    const untaxed = orderTotals(goods(123), [courier], [], { ...tax(true), untaxedMethods: new Set([4]) });
    assert.deepEqual([untaxed.taxes.shipping_tax, untaxed.taxes.total_tax, untaxed.total], [0, 2300, 137.99]);
  });
});

describe('the methods a zone offers', () => {
  const zones: ShippingZone[] = [
    {
      id: 1,
      name: 'Poland',
      countries: ['PL'],
      methods: [
        { id: 1, type: 'flat_rate', title: 'Courier', cost: 14.99, min_amount: 0 },
        { id: 2, type: 'free_shipping', title: 'Free', cost: 0, min_amount: 200 },
      ],
    },
  ];

  it('offers free shipping from its minimum amount exactly, not a cent below', () => {
    assert.deepEqual(
      offeredMethods(zones, 'PL', 199.99).map((offer) => offer.method.id),
      [1],
    );
    assert.deepEqual(
      offeredMethods(zones, 'PL', 200).map((offer) => [offer.method.id, offer.cost]),
      [
        [1, 14.99],
        [2, 0],
      ],
    );
    assert.deepEqual(offeredMethods(zones, 'DE', 500), []);
  });

  it('takes the first method without a choice, refuses one not offered, and charges nothing without zones', () => {
    assert.equal(chooseShipping(zones, 'PL', 50, '', 'en').line?.instance_id, 1);
    assert.match(
      translator('en').say(chooseShipping(zones, 'PL', 50, '2', 'en').methodError!),
      /Choose one of the delivery methods offered for Poland/,
    );
    assert.match(
      translator('pl').say(chooseShipping(zones, 'FR', 50, '', 'pl').countryError!),
      /Nie wysyłamy do kraju: Francja\. Wysyłamy do: Polska\./,
    );
    assert.deepEqual(chooseShipping([], 'FR', 50, '', 'en'), { line: null });
  });
});

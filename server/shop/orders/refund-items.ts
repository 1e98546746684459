/**
 * An order's items as its refunds see them (each line, delivery line and fee: what was paid for it, what earlier
 * refunds paid back of it, in money and in units), and the building of one refund from a request: checked against
 * those, its amounts divided among the items, and its VAT per rate taken from the order's (server/tax/refund-vat.ts).
 */
import type { OrderRefund, RefundItem, RefundItemKind, RefundRate } from '../../../client/api/refunds.js';
import type { OrderActor } from '../../../client/api/orders.js';
import { InvalidInputError } from '../../errors/domain-errors.js';
import { minorUnits } from '../../tax/order-taxes.js';
import { itemGross, type RefundableItem, refundedItemVat } from '../../tax/refund-vat.js';
import { splitByLargestRemainder } from '../../tax/vat.js';
import type { Order } from '../../store/schema.js';
import { chargedForLine } from '../line-item.js';

/** One item of the order with what is left of it to refund. */
export interface OrderItemState {
  kind: RefundItemKind;
  index: number;
  vat: RefundableItem;
  /** What the customer paid for it, VAT included, in grosz. */
  gross: number;
  /** What earlier refunds paid back of it. */
  refunded: number;
  /** Units ordered and units refunded already (lines only; 0 for delivery and fees). */
  quantity: number;
  refundedUnits: number;
}

/** A refund as asked for, amounts in grosz (VAT included). Items not named are not refunded, unless `amount` says so. */
export interface RefundRequest {
  items: { kind: RefundItemKind; index: number; quantity: number; amount?: number }[];
  /** The refund's total; absent: the value of the items named. */
  amount?: number;
  reason: string;
  api_refund: boolean;
  withdrawal_id: number | null;
  /** It refunds the whole order, settling it once every unit is back even if it keeps part of the money. */
  whole_order?: boolean;
}

const ITEM_WORDS: Record<RefundItemKind, string> = { line: 'Line', shipping: 'Delivery line', fee: 'Fee' };

/** The rate a line of goods was taxed at (null: untaxed), as the order's taxes keep it. */
const lineRate = (order: Order, index: number): number | null => order.taxes.lines[index]?.taxes[0]?.rate_id ?? null;

/** The goods' values per rate (null: untaxed), in the order their rates first appear, as server/tax/vat.ts weighs them. */
function goodsByRate(order: Order): Map<number | null, number> {
  const goods = new Map<number | null, number>();
  order.lines.forEach((line, index) => {
    const rate = lineRate(order, index);
    goods.set(rate, (goods.get(rate) ?? 0) + chargedForLine(line));
  });
  return goods;
}

/**
 * Whether the order's delivery and fees were split among the goods' rates in proportion to them (else: wholly at the
 * highest rate), read from its own tax lines: the amounts of delivery and fees at each rate are what each rate's base
 * holds beyond its goods, and only one rule gives them.
 */
function chargesSplitInProportion(order: Order, goods: Map<number | null, number>): boolean {
  const include = order.taxes.prices_include_tax;
  const weights = [...goods.values()].map((value) => BigInt(value));
  const keys = [...goods.keys()];
  const proportional = new Map<number, number>();
  const charges = [
    ...order.shipping_lines.map((line, index) => ({ amount: line.total, taxes: order.taxes.shipping_lines[index] })),
    ...order.fee_lines.map((fee, index) => ({ amount: fee.total, taxes: order.taxes.fee_lines[index] })),
  ];
  for (const charge of charges) {
    if (!charge.taxes?.taxes.length) continue;
    splitByLargestRemainder(minorUnits(charge.amount), weights).forEach((part, index) => {
      const rate = keys[index];
      if (rate !== null && rate !== undefined) proportional.set(rate, (proportional.get(rate) ?? 0) + part);
    });
  }
  return order.taxes.tax_lines.every((line) => {
    const base = line.net + (include ? line.tax_total + line.shipping_tax_total + line.fee_tax_total : 0);
    return base - (goods.get(line.rate_id) ?? 0) === (proportional.get(line.rate_id) ?? 0);
  });
}

/** How a delivery line or fee was divided among rates: as the goods are (the proportional rule), or wholly at its rate. */
function chargeWeights(
  taxes: RefundableItem['taxes'],
  goods: Map<number | null, number>,
  inProportion: boolean,
): RefundableItem['rateWeights'] {
  if (!inProportion || taxes.length === 0) return [{ rate_id: taxes[0]?.rate_id ?? null, weight: 1 }];
  return [...goods].map(([rate_id, weight]) => ({ rate_id, weight }));
}

/** Every line, delivery line and fee of the order with what its refunds so far paid back of it. */
export function orderItemStates(order: Order, refunds: readonly OrderRefund[] = order.refunds): OrderItemState[] {
  const include = order.taxes.prices_include_tax;
  const refundedOf = (kind: RefundItemKind, index: number) => {
    let money = 0;
    let units = 0;
    for (const item of refunds.flatMap((refund) => refund.items))
      if (item.kind === kind && item.index === index) {
        money += item.total;
        units += item.quantity;
      }
    return { money, units };
  };
  const state = (kind: RefundItemKind, index: number, vat: RefundableItem, quantity: number): OrderItemState => {
    const done = refundedOf(kind, index);
    return {
      kind,
      index,
      vat,
      gross: itemGross(vat, include),
      refunded: done.money,
      quantity,
      refundedUnits: done.units,
    };
  };
  const taxesOf = (list: Order['taxes']['shipping_lines'], index: number) => list[index]?.taxes ?? [];
  const goods = goodsByRate(order);
  const inProportion = chargesSplitInProportion(order, goods);
  const weightsOf = (taxes: RefundableItem['taxes']) => chargeWeights(taxes, goods, inProportion);
  return [
    ...order.lines.map((line, index) => {
      const rate = lineRate(order, index);
      const vat = {
        base: chargedForLine(line),
        taxes: order.taxes.lines[index]?.taxes ?? [],
        rateWeights: rate === null ? [] : [{ rate_id: rate, weight: 1 }],
      };
      return state('line', index, vat, line.quantity);
    }),
    ...order.shipping_lines.map((line, index) => {
      const taxes = taxesOf(order.taxes.shipping_lines, index);
      return state('shipping', index, { base: minorUnits(line.total), taxes, rateWeights: weightsOf(taxes) }, 0);
    }),
    ...order.fee_lines.map((fee, index) => {
      const taxes = taxesOf(order.taxes.fee_lines, index);
      return state('fee', index, { base: minorUnits(fee.total), taxes, rateWeights: weightsOf(taxes) }, 0);
    }),
  ];
}

/** What the order's refunds have paid back in all, and what is left, in grosz. */
export function refundBalance(order: Order): { paid: number; refunded: number; left: number } {
  const items = orderItemStates(order);
  const paid = items.reduce((sum, item) => sum + item.gross, 0);
  const refunded = order.refunds.reduce((sum, refund) => sum + refund.amount, 0);
  return { paid, refunded, left: paid - refunded };
}

const money = (minor: number, currency: string) => `${(minor / 100).toFixed(2)} ${currency}`;

/** The value of `quantity` more units of a line: the rest of it with its last units, else their share of it. */
function unitsValue(item: OrderItemState, quantity: number): number {
  const left = item.gross - item.refunded;
  if (item.refundedUnits + quantity >= item.quantity) return left;
  return Math.min(left, Math.floor((item.gross * quantity) / item.quantity));
}

/** Spreads `amount` over `targets` in proportion to their room, each at most its room. */
function spread(amount: number, targets: readonly { room: number }[]): number[] {
  return splitByLargestRemainder(
    amount,
    targets.map((target) => BigInt(target.room)),
  );
}

/**
 * The refund `request` makes of the order after its earlier refunds: each item named paid back its value (units at
 * the price paid, a delivery line or fee whole) or the amount given for it; an `amount` below the items' value is
 * divided among them in proportion, one above it takes the rest from what is left of the items named and of the
 * delivery and fees not named, and an
 * `amount` alone is divided among everything not yet refunded. Its VAT per rate is the order's own, in part.
 * @throws InvalidInputError naming every field that does not fit (nothing refunded beyond what was paid, per item
 *   and in all; no units beyond those ordered)
 */
export function buildRefund(
  order: Order,
  request: RefundRequest,
  actor: OrderActor,
  now: string,
  id = nextRefundId(order),
): OrderRefund {
  const states = orderItemStates(order);
  const problems: Record<string, string> = {};
  const find = (kind: RefundItemKind, index: number) =>
    states.find((state) => state.kind === kind && state.index === index);
  const chosen: { state: OrderItemState; quantity: number; amount: number }[] = [];
  for (const asked of request.items) {
    const state = find(asked.kind, asked.index);
    const field = asked.kind === 'line' ? 'line_items' : asked.kind === 'shipping' ? 'shipping' : 'fees';
    if (!state) {
      problems[field] = `${ITEM_WORDS[asked.kind]} ${asked.index + 1} is not in order ${order.number}.`;
      continue;
    }
    if (chosen.some((entry) => entry.state === state)) {
      problems[field] = `${ITEM_WORDS[asked.kind]} ${asked.index + 1} is named twice.`;
      continue;
    }
    const unitsLeft = state.quantity - state.refundedUnits;
    if (asked.quantity > unitsLeft) {
      const title = order.lines[asked.index]?.title ?? '';
      problems[field] =
        `${state.quantity} × ${title} were ordered and ${state.refundedUnits} refunded already: a refund can cover at most ${unitsLeft} more.`;
      continue;
    }
    const left = state.gross - state.refunded;
    const amount =
      asked.amount ?? (state.kind === 'line' && asked.quantity > 0 ? unitsValue(state, asked.quantity) : left);
    if (amount > left) {
      problems[field] =
        `At most ${money(left, order.currency)} can be refunded for ${ITEM_WORDS[asked.kind].toLowerCase()} ${asked.index + 1} (what was paid for it less earlier refunds).`;
      continue;
    }
    chosen.push({ state, quantity: asked.quantity, amount });
  }
  const balance = refundBalance(order);
  const itemsValue = chosen.reduce((sum, entry) => sum + entry.amount, 0);
  const total = request.amount ?? itemsValue;
  if (total > balance.left) {
    problems.amount = `At most ${money(balance.left, order.currency)} can be refunded for order ${order.number} (its total less earlier refunds).`;
  } else if (request.amount !== undefined && chosen.length > 0 && total > itemsValue) {
    // The rest is taken from what is left of the items named beyond their value given, then of the delivery and fees.
    const named = chosen.map((entry) => ({ entry, room: entry.state.gross - entry.state.refunded - entry.amount }));
    const others = states
      .filter((state) => state.kind !== 'line' && !chosen.some((entry) => entry.state === state))
      .map((state) => ({ state, room: state.gross - state.refunded }));
    const room = [...named, ...others].reduce((sum, target) => sum + target.room, 0);
    if (total - itemsValue > room) {
      problems.amount = `At most ${money(itemsValue + room, order.currency)} can be refunded for these items with the delivery and fees not yet refunded.`;
    } else {
      const parts = spread(total - itemsValue, [...named, ...others]);
      named.forEach((target, index) => {
        target.entry.amount += parts[index]!;
      });
      others.forEach((target, index) => {
        const amount = parts[named.length + index]!;
        if (amount > 0) chosen.push({ state: target.state, quantity: 0, amount });
      });
    }
  } else if (request.amount !== undefined && chosen.length > 0 && total < itemsValue) {
    const scaled = spread(
      total,
      chosen.map((entry) => ({ room: entry.amount })),
    );
    chosen.forEach((entry, index) => {
      entry.amount = scaled[index]!;
    });
  } else if (request.amount !== undefined && chosen.length === 0) {
    spread(
      total,
      states.map((state) => ({ room: state.gross - state.refunded })),
    ).forEach((amount, index) => {
      if (amount > 0) chosen.push({ state: states[index]!, quantity: 0, amount });
    });
  }
  // Units may come back after their money went back (an amount refunded first): such a refund pays back nothing.
  const unitsBack = chosen.some((entry) => entry.quantity > 0);
  if (total <= 0 && !unitsBack && Object.keys(problems).length === 0)
    problems.amount = 'A refund must pay back more than nothing: name the items refunded, or an amount.';
  if (Object.keys(problems).length > 0) throw new InvalidInputError(problems, { code: 'vitrine_invalid_order_refund' });

  const items: RefundItem[] = chosen
    .filter((entry) => entry.amount > 0 || entry.quantity > 0)
    .map(({ state, quantity, amount }) => {
      const vat = refundedItemVat(state.vat, order.taxes.prices_include_tax, state.refunded, amount);
      return { kind: state.kind, index: state.index, quantity, total: amount, tax: vat.tax, taxes: vat.taxes };
    });
  return {
    id,
    created_at: now,
    amount: items.reduce((sum, item) => sum + item.total, 0),
    reason: request.reason,
    refunded_by: actor,
    api_refund: request.api_refund,
    withdrawal_id: request.withdrawal_id,
    whole_order: request.whole_order ?? false,
    items,
    rates: refundRates(order, chosen),
    tax: items.reduce((sum, item) => sum + item.tax, 0),
  };
}

/** The refund's net, tax and gross per rate, highest rate first. */
function refundRates(order: Order, chosen: readonly { state: OrderItemState; amount: number }[]): RefundRate[] {
  const byRate = new Map<number, RefundRate>();
  for (const { state, amount } of chosen) {
    for (const part of refundedItemVat(state.vat, order.taxes.prices_include_tax, state.refunded, amount).rates) {
      const line = order.taxes.tax_lines.find((candidate) => candidate.rate_id === part.rate_id);
      const rate = byRate.get(part.rate_id) ?? {
        rate_id: part.rate_id,
        label: line?.label ?? '',
        rate_percent: line?.rate_percent ?? 0,
        net: 0,
        tax: 0,
        gross: 0,
      };
      rate.net += part.net;
      rate.tax += part.tax;
      rate.gross += part.gross;
      byRate.set(part.rate_id, rate);
    }
  }
  return [...byRate.values()].sort((a, b) => b.rate_percent - a.rate_percent || a.rate_id - b.rate_id);
}

/** The next refund id of the order: refunds are never deleted, so ids are never reused. */
export const nextRefundId = (order: Pick<Order, 'refunds'>): number =>
  order.refunds.reduce((highest, refund) => Math.max(highest, refund.id), 0) + 1;

/**
 * The order is refunded in full: every unit of every line is back, and the whole total paid back or a refund of the
 * whole order made.
 */
export function refundsWholeOrder(order: Order, refunds: readonly OrderRefund[]): boolean {
  const states = orderItemStates(order, refunds);
  if (!states.every((state) => state.refundedUnits >= state.quantity)) return false;
  return refunds.some((refund) => refund.whole_order) || states.every((state) => state.refunded >= state.gross);
}

/** All that is left to refund of the order: every unit not yet back, and the rest of its delivery and fees. */
export function everythingLeft(order: Order): RefundRequest['items'] {
  return orderItemStates(order)
    .filter((state) => state.refunded < state.gross || state.refundedUnits < state.quantity)
    .map((state) => ({ kind: state.kind, index: state.index, quantity: state.quantity - state.refundedUnits }));
}

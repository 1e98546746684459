/**
 * The VAT of a cart or an order, in integer grosz (minor units), from its goods, its delivery and its fees.
 *
 * The rule is the one a Polish structured invoice (FA(3)) adds up by: the VAT of each rate is computed once, on the sum
 * of that rate's amounts, and rounded once to the grosz (half away from zero). The per-line amounts are then a
 * distribution of that total (largest remainder), so that every line's tax adds up exactly to its rate's total and
 * the lines, the rates and the order never disagree by a grosz.
 *
 * Delivery and fees (cash on delivery) are ancillary to the goods and are taxed at the goods' rate: either split
 * among the goods' rates in proportion to the goods' values per rate (the default, and what Polish practice follows
 * for a parcel of mixed rates), or wholly at the highest rate among the goods.
 *
 * Amounts are entered as the shop enters prices (`storefront.prices_include_tax`): with VAT, the tax is the part of
 * the amount that is VAT and the amount is unchanged; without VAT, the tax is added on top.
 *
 * Pure: no store, no settings; the callers pass the rates that apply.
 */

/** A tax rate as a computation needs it. `percent` has at most four decimals, as WooCommerce stores it. */
export interface VatRate {
  id: number;
  percent: number;
}

/** Something taxed: its amount in grosz (non-negative), and its rate, or null when it carries no tax at all. */
export interface VatItem {
  amount: number;
  rate: VatRate | null;
}

/** Delivery or a fee: its amount in grosz, and whether it is taxed (a shipping method's tax status). */
export interface VatCharge {
  amount: number;
  taxable: boolean;
}

export type DeliveryTaxRule = 'proportional' | 'highest';
export const DELIVERY_TAX_RULES: readonly DeliveryTaxRule[] = ['proportional', 'highest'];

export interface VatInput {
  pricesIncludeTax: boolean;
  lines: readonly VatItem[];
  shipping: readonly VatCharge[];
  fees: readonly VatCharge[];
  deliveryRule: DeliveryTaxRule;
}

/** The tax of one rate inside one amount. */
export interface RateShare {
  rate_id: number;
  tax: number;
}

/** One amount after tax: net + tax = gross, and `taxes` (one per rate it was taxed at) add up to `tax`. */
export interface TaxedAmount {
  net: number;
  tax: number;
  gross: number;
  taxes: RateShare[];
}

/** One rate's part of the whole: its base (net) and its tax, split into goods, delivery and fees. */
export interface RateTotal {
  rate: VatRate;
  net: number;
  tax: number;
  gross: number;
  /** The tax on the goods (WooCommerce's `tax_total`). */
  goods_tax: number;
  /** The tax on delivery (WooCommerce's `shipping_tax_total`). */
  shipping_tax: number;
  fee_tax: number;
}

export interface VatResult {
  prices_include_tax: boolean;
  lines: TaxedAmount[];
  shipping: TaxedAmount[];
  fees: TaxedAmount[];
  /** Ordered by rate, highest first. */
  rates: RateTotal[];
  net: number;
  tax: number;
  gross: number;
  goods_tax: number;
  shipping_tax: number;
  fee_tax: number;
}

/** A rate's percent as an integer in millionths of the amount (23% is 230000), so that every step is exact. */
const RATE_SCALE = 1_000_000n;
const rateUnits = (rate: VatRate): bigint => BigInt(Math.round(rate.percent * 10_000));

/** `numerator / denominator` rounded half away from zero; both non-negative. */
function roundHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

/** The exact tax of `amount` at `rate`, as a fraction. */
function exactTax(
  amount: number,
  rate: VatRate,
  pricesIncludeTax: boolean,
): { numerator: bigint; denominator: bigint } {
  const units = rateUnits(rate);
  return {
    numerator: BigInt(amount) * units,
    denominator: pricesIncludeTax ? RATE_SCALE + units : RATE_SCALE,
  };
}

/**
 * Rounds each of the fractions `numerators[i] / denominator` to its floor or its ceiling so that they add up to
 * `total`, the ceilings going to the largest fractional parts (earlier first on a tie). `total` must lie between the
 * sum of the floors and the sum of the ceilings.
 */
function roundKeepingTotal(total: number, numerators: readonly bigint[], denominator: bigint): number[] {
  const floors = numerators.map((numerator) => numerator / denominator);
  const remainders = numerators.map((numerator) => numerator % denominator);
  let left = total - Number(floors.reduce((a, b) => a + b, 0n));
  const order = numerators
    .map((_, index) => index)
    .sort((a, b) => {
      const byRemainder = remainders[b] - remainders[a];
      return byRemainder === 0n ? a - b : byRemainder > 0n ? 1 : -1;
    });
  const parts = floors.map(Number);
  for (const index of order) {
    if (left <= 0) break;
    parts[index] += 1;
    left -= 1;
  }
  return parts;
}

/**
 * Splits `total` (integer) into integer parts in proportion to `weights`, each part the floor or the ceiling of its
 * exact share, the leftover units going to the largest remainders (earlier first on a tie).
 * @example splitByLargestRemainder(10, [1n, 1n, 1n]) // [4, 3, 3]
 */
export function splitByLargestRemainder(total: number, weights: readonly bigint[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (sum === 0n) return weights.map(() => 0);
  return roundKeepingTotal(
    total,
    weights.map((weight) => BigInt(total) * weight),
    sum,
  );
}

function assertAmount(amount: number, what: string): void {
  if (!Number.isSafeInteger(amount) || amount < 0)
    throw new RangeError(`${what} must be a whole, non-negative number of grosz`);
}

/** How a delivery or fee amount is divided among the goods' rates (a null key: the untaxed part). */
function chargeParts(
  amount: number,
  goodsByRate: Map<VatRate | null, number>,
  rule: DeliveryTaxRule,
): Map<VatRate | null, number> {
  const taxed = [...goodsByRate.keys()].filter((rate): rate is VatRate => rate !== null);
  if (taxed.length === 0) return new Map([[null, amount]]);
  if (rule === 'highest') {
    const highest = taxed.reduce((best, rate) => (rateUnits(rate) > rateUnits(best) ? rate : best));
    return new Map([[highest, amount]]);
  }
  const keys = [...goodsByRate.keys()];
  const parts = splitByLargestRemainder(
    amount,
    keys.map((rate) => BigInt(goodsByRate.get(rate) ?? 0)),
  );
  return new Map(keys.map((rate, index) => [rate, parts[index]]));
}

interface Piece {
  kind: 'line' | 'shipping' | 'fee';
  index: number;
  amount: number;
}

/**
 * The VAT of a cart or an order.
 * @example computeVat({ pricesIncludeTax: true, lines: [{ amount: 12300, rate: { id: 1, percent: 23 } }],
 *   shipping: [], fees: [], deliveryRule: 'proportional' }).tax // 2300
 */
export function computeVat(input: VatInput): VatResult {
  const { pricesIncludeTax } = input;
  input.lines.forEach((line, index) => assertAmount(line.amount, `line ${index + 1}`));
  for (const charge of [...input.shipping, ...input.fees]) assertAmount(charge.amount, 'a delivery or fee amount');

  // Rates are matched by id: two lines of one rate form one group even if their objects differ.
  const rateById = new Map<number, VatRate>();
  const canonical = (rate: VatRate | null): VatRate | null => {
    if (rate === null) return null;
    const known = rateById.get(rate.id);
    if (known) return known;
    rateById.set(rate.id, rate);
    return rate;
  };
  const goodsByRate = new Map<VatRate | null, number>();
  for (const line of input.lines) {
    const rate = canonical(line.rate);
    goodsByRate.set(rate, (goodsByRate.get(rate) ?? 0) + line.amount);
  }

  const pieces = new Map<VatRate, Piece[]>();
  const addPiece = (rate: VatRate | null, piece: Piece) => {
    if (rate === null || piece.amount === 0) return;
    const list = pieces.get(rate) ?? [];
    list.push(piece);
    pieces.set(rate, list);
  };
  input.lines.forEach((line, index) => addPiece(canonical(line.rate), { kind: 'line', index, amount: line.amount }));
  const addCharges = (charges: readonly VatCharge[], kind: 'shipping' | 'fee') =>
    charges.forEach((charge, index) => {
      if (!charge.taxable) return;
      for (const [rate, amount] of chargeParts(charge.amount, goodsByRate, input.deliveryRule))
        addPiece(rate, { kind, index, amount });
    });
  addCharges(input.shipping, 'shipping');
  addCharges(input.fees, 'fee');

  const shares = {
    line: input.lines.map((): RateShare[] => []),
    shipping: input.shipping.map((): RateShare[] => []),
    fee: input.fees.map((): RateShare[] => []),
  };
  const rates: RateTotal[] = [];
  for (const [rate, ratePieces] of pieces) {
    const amount = ratePieces.reduce((total, piece) => total + piece.amount, 0);
    const exact = exactTax(amount, rate, pricesIncludeTax);
    const tax = Number(roundHalfUp(exact.numerator, exact.denominator));
    // Each piece gets its own exact tax rounded down or up, so that no piece is more than a grosz from it.
    const parts = roundKeepingTotal(
      tax,
      ratePieces.map((piece) => exactTax(piece.amount, rate, pricesIncludeTax).numerator),
      exact.denominator,
    );
    const byKind = { line: 0, shipping: 0, fee: 0 };
    ratePieces.forEach((piece, index) => {
      byKind[piece.kind] += parts[index];
      const list = shares[piece.kind][piece.index];
      const same = list.find((share) => share.rate_id === rate.id);
      if (same) same.tax += parts[index];
      else list.push({ rate_id: rate.id, tax: parts[index] });
    });
    const net = pricesIncludeTax ? amount - tax : amount;
    rates.push({
      rate,
      net,
      tax,
      gross: net + tax,
      goods_tax: byKind.line,
      shipping_tax: byKind.shipping,
      fee_tax: byKind.fee,
    });
  }
  rates.sort((a, b) => b.rate.percent - a.rate.percent || a.rate.id - b.rate.id);

  const taxed = (amount: number, taxes: RateShare[]): TaxedAmount => {
    const tax = taxes.reduce((total, share) => total + share.tax, 0);
    return pricesIncludeTax
      ? { net: amount - tax, tax, gross: amount, taxes }
      : { net: amount, tax, gross: amount + tax, taxes };
  };
  const lines = input.lines.map((line, index) => taxed(line.amount, shares.line[index]));
  const shipping = input.shipping.map((charge, index) => taxed(charge.amount, shares.shipping[index]));
  const fees = input.fees.map((charge, index) => taxed(charge.amount, shares.fee[index]));
  const all = [...lines, ...shipping, ...fees];
  const total = (pick: (amount: TaxedAmount) => number) => all.reduce((sum, amount) => sum + pick(amount), 0);
  const byRates = (pick: (rate: RateTotal) => number) => rates.reduce((sum, rate) => sum + pick(rate), 0);
  return {
    prices_include_tax: pricesIncludeTax,
    lines,
    shipping,
    fees,
    rates,
    net: total((amount) => amount.net),
    tax: total((amount) => amount.tax),
    gross: total((amount) => amount.gross),
    goods_tax: byRates((rate) => rate.goods_tax),
    shipping_tax: byRates((rate) => rate.shipping_tax),
    fee_tax: byRates((rate) => rate.fee_tax),
  };
}

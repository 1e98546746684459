/**
 * The rules a finished row must meet, checked once its cells are merged with the product or variation it updates (a
 * merge may send a sale price alone, to be compared with the stored regular price): a product has a name, an item
 * sold on its own has a regular price, and a sale price is below it and ends after it starts.
 */
import type { PricedItem } from '../model.js';
import type { Report, RowPrices } from './read-row.js';

/** The prices of an item that passed, or null after reporting what is wrong with them. */
export function checkedPrices(item: RowPrices, report: Report): PricedItem | null {
  const { regular_price: regular, sale_price: sale, date_on_sale_from: from, date_on_sale_to: to } = item;
  let good = true;
  const problem = (column: string, reason: string) => {
    report(column, reason);
    good = false;
  };
  if (regular === null) problem('Regular price', 'a price is required');
  if (regular !== null && sale !== null && sale >= regular)
    problem('Sale price', `${sale} is not lower than the regular price ${regular}`);
  if (from !== null && to !== null && from > to) problem('Date sale price ends', 'the sale ends before it starts');
  return good ? { regular_price: regular!, sale_price: sale, date_on_sale_from: from, date_on_sale_to: to } : null;
}

export function checkName(title: string, report: Report): void {
  if (title === '') report('Name', 'a product needs a name');
}

/**
 * The small catalog several `wc/v3` product tests import: a mug in Kitchen > Mugs, a tee in sizes S (in stock) and M
 * (sold out), and a cap. Each test adds or changes the rows it needs around these.
 */
import type { CatalogCsvRow } from '../../support/catalog-csv.js';

export const MUG_ROW: CatalogCsvRow = {
  ID: 1010,
  Type: 'simple',
  SKU: 'MUG',
  Name: 'Mug',
  Published: 1,
  'Regular price': 100,
  'In stock?': 1,
  Stock: 5,
  Categories: 'Kitchen > Mugs',
};

/** The variable tee and its two variations; `smallSalePrice` puts size S on sale. */
export function teeRows({ smallSalePrice }: { smallSalePrice?: number } = {}): CatalogCsvRow[] {
  return [
    {
      ID: 1020,
      Type: 'variable',
      SKU: 'TEE',
      Name: 'Tee',
      Published: 1,
      Categories: 'Clothing',
      'Attribute 1 name': 'Size',
      'Attribute 1 value(s)': 'S, M',
    },
    {
      ID: 1021,
      Type: 'variation',
      SKU: 'TEE-S',
      Published: 1,
      'Regular price': 15,
      ...(smallSalePrice === undefined ? {} : { 'Sale price': smallSalePrice }),
      'In stock?': 1,
      Stock: 3,
      Parent: 'id:1020',
      'Attribute 1 name': 'Size',
      'Attribute 1 value(s)': 'S',
    },
    {
      ID: 1022,
      Type: 'variation',
      SKU: 'TEE-M',
      Published: 1,
      'Regular price': 18,
      'In stock?': 0,
      Stock: 0,
      Parent: 'id:1020',
      'Attribute 1 name': 'Size',
      'Attribute 1 value(s)': 'M',
    },
  ];
}

export function capRow({ published }: { published: boolean }): CatalogCsvRow {
  return {
    ID: 1030,
    Type: 'simple',
    SKU: 'CAP',
    Name: 'Cap',
    Published: published ? 1 : 0,
    'Regular price': 9.5,
    'In stock?': 1,
    Stock: 1,
    Categories: 'Clothing',
  };
}

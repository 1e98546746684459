/** What the shop's low-stock and out-of-stock e-mails say (to the shop's own address, in the shop's language). */
export const STOCK_ALERT_TEXTS = {
  en: {
    low: {
      subject: (title: string) => `Low in stock: ${title}`,
      text: (title: string, units: number) => `“${title}” is low in stock: ${units} left.`,
    },
    out: {
      subject: (title: string) => `Out of stock: ${title}`,
      text: (title: string) => `“${title}” is out of stock.`,
      owed: (units: number) => `${units} ${units === 1 ? 'unit is' : 'units are'} on backorder.`,
    },
    product: 'Product',
    sku: 'SKU',
    left: 'In stock',
    edit: 'Edit the product',
  },
  pl: {
    low: {
      subject: (title: string) => `Kończy się stan: ${title}`,
      text: (title: string, units: number) => `Produkt „${title}” się kończy: zostało ${units} szt.`,
    },
    out: {
      subject: (title: string) => `Brak w magazynie: ${title}`,
      text: (title: string) => `Produkt „${title}” jest niedostępny: stan magazynowy się wyczerpał.`,
      owed: (units: number) => `Zamówiono na zamówienie (backorder): ${units} szt.`,
    },
    product: 'Produkt',
    sku: 'SKU',
    left: 'Stan magazynowy',
    edit: 'Edytuj produkt',
  },
};

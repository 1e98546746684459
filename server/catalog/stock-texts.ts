/** What the storefront's stock line says to shoppers. */
export const STOCK_TEXTS = {
  en: {
    inStock: 'In stock',
    outOfStock: 'Out of stock',
    onBackorder: 'Available on backorder',
    onlyLeft: (units: number) => `Only ${units} left`,
  },
  pl: {
    inStock: 'Dostępny',
    outOfStock: 'Niedostępny',
    onBackorder: 'Dostępny na zamówienie',
    onlyLeft: (units: number) => `Zostało tylko ${units} szt.`,
  },
};

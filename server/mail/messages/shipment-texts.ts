/** What the customer's "shipped" e-mail says. */
export const SHIPMENT_TEXTS = {
  en: {
    subject: (number: string) => `Your order ${number} has been shipped`,
    text: 'Your order is on its way. You can follow the parcel on the carrier’s page:',
    order: 'Order',
    carrier: 'Carrier',
    trackingNumber: 'Tracking number',
    shipped: 'Shipped on',
    track: (carrier: string) => `Track the parcel with ${carrier}`,
    noLink: 'The carrier has no tracking page: ask them about the number above.',
  },
  pl: {
    subject: (number: string) => `Zamówienie ${number} zostało wysłane`,
    text: 'Twoje zamówienie jest już w drodze. Przesyłkę możesz śledzić na stronie przewoźnika:',
    order: 'Zamówienie',
    carrier: 'Przewoźnik',
    trackingNumber: 'Numer przesyłki',
    shipped: 'Data nadania',
    track: (carrier: string) => `Śledź przesyłkę (${carrier})`,
    noLink: 'Przewoźnik nie ma strony śledzenia: zapytaj go o powyższy numer.',
  },
};

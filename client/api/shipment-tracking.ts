/**
 * Shipments of an order as WooCommerce's Shipment Tracking extension names them: one tracking item per parcel, with
 * its carrier (a known one, or a custom name and link), its number and the day it was shipped. The known carriers'
 * public tracking pages are URL templates in which `%1$s` is the tracking number, as the extension writes them.
 * Shared by the server (links in e-mails and wc/v3) and the admin (the carrier list of the order view).
 */

/** The carriers a Polish shop ships with, by key: the name shown and the public tracking page of a number. */
export const CARRIERS = {
  inpost: { name: 'InPost', url: 'https://inpost.pl/sledzenie-przesylek?number=%1$s' },
  dpd: { name: 'DPD', url: 'https://tracktrace.dpd.com.pl/parcelDetails?typ=1&p1=%1$s' },
  dhl: { name: 'DHL', url: 'https://www.dhl.com/pl-pl/home/tracking/tracking-parcel.html?submit=1&tracking-id=%1$s' },
  gls: { name: 'GLS', url: 'https://gls-group.com/PL/pl/sledzenie-paczek?match=%1$s' },
  'poczta-polska': { name: 'Poczta Polska', url: 'https://emonitoring.poczta-polska.pl/?numer=%1$s' },
  ups: { name: 'UPS', url: 'https://www.ups.com/track?tracknum=%1$s' },
  fedex: { name: 'FedEx', url: 'https://www.fedex.com/fedextrack/?trknbr=%1$s' },
} as const satisfies Record<string, { name: string; url: string }>;

export type CarrierKey = keyof typeof CARRIERS;

/** One parcel of an order, as stored. */
export interface ShipmentTracking {
  /** 32 hex digits, as the extension makes them. */
  tracking_id: string;
  /** A known carrier's key, or '' for a custom one. */
  tracking_provider: CarrierKey | '';
  /** A custom carrier's name ('' for a known one). */
  custom_tracking_provider: string;
  /** A custom carrier's tracking page: a URL template with `%1$s`, or a whole address ('' for none). */
  custom_tracking_link: string;
  tracking_number: string;
  /** `YYYY-MM-DD`, the shop's day it was shipped. */
  date_shipped: string;
}

/** The known carrier named by its key or its name, in any case ("InPost", "poczta polska"); undefined otherwise. */
export function carrierOf(name: string): CarrierKey | undefined {
  const folded = name.trim().toLowerCase().replace(/\s+/g, '-');
  return (Object.keys(CARRIERS) as CarrierKey[]).find(
    (key) => key === folded || CARRIERS[key].name.toLowerCase().replace(/\s+/g, '-') === folded,
  );
}

/** The carrier's name as the customer reads it. */
export function carrierName(
  tracking: Pick<ShipmentTracking, 'tracking_provider' | 'custom_tracking_provider'>,
): string {
  return tracking.tracking_provider ? CARRIERS[tracking.tracking_provider].name : tracking.custom_tracking_provider;
}

/** The parcel's tracking page, with the number put in; '' when a custom carrier gave no link. */
export function trackingLink(
  tracking: Pick<ShipmentTracking, 'tracking_provider' | 'custom_tracking_link' | 'tracking_number'>,
): string {
  const template = tracking.tracking_provider
    ? CARRIERS[tracking.tracking_provider].url
    : tracking.custom_tracking_link;
  return template.replaceAll('%1$s', encodeURIComponent(tracking.tracking_number));
}

/** A parcel as `wc/v3/orders/{id}/shipment-trackings` answers it: the carrier by name, with its link. */
export interface WcShipmentTracking {
  tracking_id: string;
  tracking_provider: string;
  custom_tracking_provider: string;
  custom_tracking_link: string;
  tracking_link: string;
  tracking_number: string;
  date_shipped: string;
}

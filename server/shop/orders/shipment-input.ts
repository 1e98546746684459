/**
 * What a manager or a connector gives for a parcel, read as WooCommerce's Shipment Tracking reads it: a known
 * carrier by `tracking_provider` (its name or key), or a custom one by `custom_tracking_provider` with an optional
 * `custom_tracking_link` (a URL template with `%1$s` for the number); the number; the day shipped (today in the shop's
 * time when left out). Every bad field is named at once.
 */
import { CARRIERS, carrierOf, type ShipmentTracking } from '../../../client/api/shipment-tracking.js';
import { InvalidInputError } from '../../errors/domain-errors.js';
import { toLocalDateTime } from '../../store/local-time.js';

/** A parcel as given, before it has its id. */
export type ShipmentInput = Omit<ShipmentTracking, 'tracking_id'>;

const MAX_TEXT = 100;
const MAX_LINK = 500;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const KNOWN = Object.values(CARRIERS)
  .map((carrier) => carrier.name)
  .join(', ');

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** Whether `day` is a real calendar day written `YYYY-MM-DD`. */
function isDay(day: string): boolean {
  const match = DAY.exec(day);
  if (!match) return false;
  const date = new Date(Date.UTC(+match[1]!, +match[2]! - 1, +match[3]!));
  return date.getUTCDate() === +match[3]! && date.getUTCMonth() === +match[2]! - 1;
}

/** An http(s) address (the number may go where `%1$s` stands). */
function isWebAddress(link: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(link.replaceAll('%1$s', '0')).protocol);
  } catch {
    return false;
  }
}

/**
 * @param body the request's fields (anything: checked here)
 * @param timeZone the shop's, whose today a parcel without `date_shipped` was shipped on
 * @throws InvalidInputError naming every bad field
 * @example readShipmentInput({ tracking_provider: 'InPost', tracking_number: '6200' }, 'Europe/Warsaw')
 */
export function readShipmentInput(
  body: Record<string, unknown>,
  timeZone: string,
  now = new Date().toISOString(),
): ShipmentInput {
  const problems: Record<string, string> = {};
  const number = text(body.tracking_number);
  if (number === '' || number.length > MAX_TEXT || /\p{Cc}/u.test(number))
    problems.tracking_number = `tracking_number is required: the carrier's number of the parcel, at most ${MAX_TEXT} characters.`;
  const named = text(body.tracking_provider);
  const provider = named ? carrierOf(named) : undefined;
  if (named && !provider)
    problems.tracking_provider = `tracking_provider must be one of ${KNOWN}; for another carrier give custom_tracking_provider (and custom_tracking_link).`;
  const custom = provider ? '' : text(body.custom_tracking_provider);
  const link = provider ? '' : text(body.custom_tracking_link);
  if (!named && custom === '')
    problems.tracking_provider = `Name the carrier: tracking_provider (${KNOWN}) or custom_tracking_provider.`;
  if (custom.length > MAX_TEXT)
    problems.custom_tracking_provider = `custom_tracking_provider must be at most ${MAX_TEXT} characters.`;
  if (link !== '' && (link.length > MAX_LINK || !isWebAddress(link)))
    problems.custom_tracking_link = `custom_tracking_link must be an http(s) address of at most ${MAX_LINK} characters, with %1$s where the number goes.`;
  const day = text(body.date_shipped) || toLocalDateTime(now, timeZone).slice(0, 10);
  if (!isDay(day)) problems.date_shipped = 'date_shipped must be a day written YYYY-MM-DD, such as 2026-07-10.';
  if (Object.keys(problems).length) throw new InvalidInputError(problems);
  return {
    tracking_provider: provider ?? '',
    custom_tracking_provider: custom,
    custom_tracking_link: link,
    tracking_number: number,
    date_shipped: day,
  };
}

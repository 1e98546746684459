/**
 * The countries of ISO 3166-1 (alpha-2 codes), stored once: the checkout's country list, the admin's shipping-zone
 * editor and the server's checks all read this list. Names are not stored: `Intl.DisplayNames` gives them in the
 * shop's language ("Niemcy" for pl-PL, "Germany" for en-GB), so the list never goes stale in a translation.
 */

/** Every officially assigned ISO 3166-1 alpha-2 code. */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO ' +
  'JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR ' +
  'MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO ' +
  'RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV ' +
  'TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

/** The member states of the European Union, for a zone that ships "to the EU". */
export const EU_COUNTRY_CODES =
  'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' ');

const KNOWN: ReadonlySet<string> = new Set(COUNTRY_CODES);

/** Whether `code` is an ISO 3166-1 alpha-2 code (capitals, as stored). */
export function isCountryCode(code: string): boolean {
  return KNOWN.has(code);
}

const displayNames = new Map<string, Intl.DisplayNames>();

/**
 * The country's name in `locale`, or the code itself when the runtime has no name for it.
 * @example countryName('DE', 'pl-PL') // 'Niemcy'
 */
export function countryName(code: string, locale: string): string {
  let names = displayNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale, 'en'], { type: 'region', fallback: 'code' });
    displayNames.set(locale, names);
  }
  return names.of(code) ?? code;
}

/** The countries (all, or `codes`) as choices sorted by their name in `locale`, for a `<select>`. */
export function countryChoices(
  locale: string,
  codes: readonly string[] = COUNTRY_CODES,
): { code: string; name: string }[] {
  const collator = new Intl.Collator(locale);
  return codes
    .map((code) => ({ code, name: countryName(code, locale) }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

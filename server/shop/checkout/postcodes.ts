/**
 * Postcodes by the format of their country: the EU member states' formats as their postal operators publish them
 * (Poland's "NN-NNN", Germany's five digits, the Netherlands' "1234 AB", Ireland's Eircode…), written back the way
 * the country writes them. A country without a format here takes any short run of letters, digits, spaces and dashes.
 */

interface PostcodeFormat {
  /** What people type: separators optional, in capitals. */
  pattern: RegExp;
  /** How the country writes it, from the pattern's groups. */
  written: (groups: string[]) => string;
  /** A sample, for the error message. */
  example: string;
}

const joined =
  (separator: string) =>
  (groups: string[]): string =>
    groups.join(separator);
const digits = (count: number, example: string): PostcodeFormat => ({
  pattern: new RegExp(`^(\\d{${count}})$`),
  written: joined(''),
  example,
});
/** Five digits written as three and two ("123 45"): Czechia, Greece, Slovakia, Sweden. */
const threeTwo = (example: string): PostcodeFormat => ({
  pattern: /^(\d{3}) ?(\d{2})$/,
  written: joined(' '),
  example,
});
/** Digits after an optional country letter prefix ("LV-1050", "L-1234"), written with the prefix where it is usual. */
const prefixed = (prefix: string, count: number, writtenPrefix: string, example: string): PostcodeFormat => ({
  pattern: new RegExp(`^(?:${prefix}-?)?(\\d{${count}})$`),
  written: ([code]) => `${writtenPrefix}${code}`,
  example,
});

export const POSTCODE_FORMATS: Readonly<Record<string, PostcodeFormat>> = {
  AT: digits(4, '1010'),
  BE: digits(4, '1000'),
  BG: digits(4, '1000'),
  CY: digits(4, '1010'),
  CZ: threeTwo('110 00'),
  DE: digits(5, '10115'),
  DK: prefixed('DK', 4, '', '1050'),
  EE: digits(5, '10111'),
  ES: { pattern: /^((?:0[1-9]|[1-4]\d|5[0-2])\d{3})$/, written: joined(''), example: '28001' },
  FI: prefixed('FI', 5, '', '00100'),
  FR: digits(5, '75001'),
  GR: threeTwo('105 57'),
  HR: prefixed('HR', 5, '', '10000'),
  HU: digits(4, '1051'),
  IE: {
    pattern: /^([AC-FHKNPRTV-Y]\d{2}|D6W) ?([0-9AC-FHKNPRTV-Y]{4})$/,
    written: joined(' '),
    example: 'D02 X285',
  },
  IT: digits(5, '00184'),
  LT: prefixed('LT', 5, 'LT-', 'LT-01100'),
  LU: prefixed('L', 4, 'L-', 'L-1111'),
  LV: prefixed('LV', 4, 'LV-', 'LV-1050'),
  MT: { pattern: /^([A-Z]{3}) ?(\d{4})$/, written: joined(' '), example: 'VLT 1117' },
  NL: { pattern: /^([1-9]\d{3}) ?((?!SA|SD|SS)[A-Z]{2})$/, written: joined(' '), example: '1012 AB' },
  PL: { pattern: /^(\d{2})[-\s]?(\d{3})$/, written: joined('-'), example: '00-950' },
  PT: { pattern: /^([1-9]\d{3})[-\s]?(\d{3})$/, written: joined('-'), example: '1000-001' },
  RO: digits(6, '010011'),
  SE: threeTwo('111 22'),
  SI: prefixed('SI', 4, '', '1000'),
  SK: threeTwo('811 01'),
};

const ANY_POSTCODE = /^[A-Z0-9][A-Z0-9 -]{1,11}$/;

/**
 * The postcode as `country` writes it, or null when it is not one of that country's.
 * @example postcodeOf('00950', 'PL') // '00-950'
 * @example postcodeOf('ABCDE', 'PL') // null
 */
export function postcodeOf(typed: string, country: string): string | null {
  const compact = typed.trim().toUpperCase().replace(/\s+/g, ' ');
  const format = POSTCODE_FORMATS[country];
  if (!format) return ANY_POSTCODE.test(compact) ? compact : null;
  const match = format.pattern.exec(compact);
  return match ? format.written(match.slice(1)) : null;
}

/** A postcode of `country` to show in an error message ("like 00-950"); undefined for a country without a format. */
export function postcodeExample(country: string): string | undefined {
  return POSTCODE_FORMATS[country]?.example;
}

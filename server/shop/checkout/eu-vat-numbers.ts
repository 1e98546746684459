/**
 * VAT numbers of the EU member states (other than Poland, whose NIP is nip.ts): each country's format and, where the
 * country publishes one, its check digit rule, as the tax administrations describe them. A number that passes is well
 * formed; whether it is registered is VIES's question. Numbers are compared without their country prefix, spaces,
 * dots, dashes and slashes, in capitals.
 */

type CheckRule = (number: string) => boolean;

interface VatFormat {
  /** The whole number without its prefix. */
  pattern: RegExp;
  /** The number as it is kept, from one written in an older form (Belgium's nine digits gained a leading 0). */
  modern?: (number: string) => string;
  /** The check digit rule; absent where the country has none that holds for every number (older French keys). */
  check?: CheckRule;
}

const digitsOf = (number: string) => [...number].map(Number);

/** Σ weight × digit over the first `weights.length` digits. */
const weighted = (number: string, weights: readonly number[]) =>
  weights.reduce((sum, weight, index) => sum + weight * Number(number[index]), 0);

/** Luhn (ISO/IEC 7812): valid when the doubled-alternate digit sum ends in 0. */
export function luhnValid(number: string): boolean {
  let sum = 0;
  digitsOf(number)
    .reverse()
    .forEach((digit, index) => {
      const value = index % 2 === 1 ? digit * 2 : digit;
      sum += value > 9 ? value - 9 : value;
    });
  return sum % 10 === 0;
}

/** ISO 7064 MOD 11,10 (Germany, Croatia): the last digit completes the chain. */
export function mod11_10Valid(number: string): boolean {
  let product = 10;
  for (const digit of digitsOf(number.slice(0, -1))) {
    let sum = (digit + product) % 10;
    if (sum === 0) sum = 10;
    product = (2 * sum) % 11;
  }
  return (11 - product) % 10 === Number(number.at(-1));
}

/** `mod 97` of a decimal string too long for a double. */
const mod97 = (decimal: string) => [...decimal].reduce((rest, digit) => (rest * 10 + Number(digit)) % 97, 0);

const lastDigit = (number: string) => Number(number.at(-1));

function austria(number: string): boolean {
  // U + 7 digits + check: every second digit doubled and its digits summed.
  const digits = digitsOf(number.slice(1));
  const sum = digits
    .slice(0, 7)
    .reduce(
      (total, digit, index) => total + (index % 2 === 1 ? Math.floor((digit * 2) / 10) + ((digit * 2) % 10) : digit),
      0,
    );
  return (10 - ((sum + 4) % 10)) % 10 === digits[7];
}

function bulgaria(number: string): boolean {
  if (number.length === 9) {
    let check = weighted(number, [1, 2, 3, 4, 5, 6, 7, 8]) % 11;
    if (check === 10) check = (weighted(number, [3, 4, 5, 6, 7, 8, 9, 10]) % 11) % 10;
    return check === lastDigit(number);
  }
  // Ten digits: a person's EGN, a foreigner's number, or another taxpayer's; any of the three rules.
  const egn = (weighted(number, [2, 4, 8, 5, 10, 9, 7, 3, 6]) % 11) % 10;
  const foreigner = weighted(number, [21, 19, 17, 13, 11, 9, 7, 3, 1]) % 10;
  const other = 11 - (weighted(number, [4, 3, 2, 7, 6, 5, 4, 3, 2]) % 11);
  return [egn, foreigner, other === 11 ? 0 : other].includes(lastDigit(number));
}

function cyprus(number: string): boolean {
  const odd = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21];
  let sum = 0;
  for (let index = 0; index < 8; index++) {
    const digit = Number(number[index]);
    sum += index % 2 === 0 ? odd[digit]! : digit;
  }
  return String.fromCharCode(65 + (sum % 26)) === number[8] && !number.startsWith('12');
}

function czechia(number: string): boolean {
  if (number.length !== 8) return true; // a person's birth number: its date part is not a checksum the shop can know
  const rest = (11 - weighted(number, [8, 7, 6, 5, 4, 3, 2])) % 11;
  const check = ((rest + 11) % 11 || 1) % 10;
  return check === lastDigit(number);
}

function spain(number: string): boolean {
  const letters = 'TRWAGMYFPDXBNJZSQVHLCKE';
  const first = number[0]!;
  if (/\d/.test(first) || 'XYZ'.includes(first)) {
    // A person's DNI, or a foreigner's NIE (X, Y, Z read as 0, 1, 2).
    const foreigner = 'XYZ'.indexOf(first);
    const digits = `${foreigner >= 0 ? foreigner : first}${number.slice(1, 8)}`;
    return letters[Number(digits) % 23] === number[8];
  }
  if ('KLM'.includes(first)) return letters[Number(number.slice(1, 8)) % 23] === number[8];
  // A company's CIF: Luhn-like over the seven digits; the check is a digit or a letter of JABCDEFGHI.
  const digits = digitsOf(number.slice(1, 8));
  const sum = digits.reduce((total, digit, index) => {
    if (index % 2 === 1) return total + digit;
    const doubled = digit * 2;
    return total + Math.floor(doubled / 10) + (doubled % 10);
  }, 0);
  const check = (10 - (sum % 10)) % 10;
  return number[8] === String(check) || number[8] === 'JABCDEFGHI'[check];
}

function france(number: string): boolean {
  const siren = number.slice(2);
  // Monaco's numbers (SIREN 000…) are not SIREN numbers; every other SIREN passes Luhn.
  if (!siren.startsWith('000') && !luhnValid(siren)) return false;
  if (!/^\d\d$/.test(number.slice(0, 2))) return true; // the newer alphanumeric keys have no published rule
  return (12 + 3 * (Number(siren) % 97)) % 97 === Number(number.slice(0, 2));
}

function ireland(number: string): boolean {
  // The old form (digit, letter or + or *, five digits, letter) is the new one with its first two digits moved.
  const modern = /^\d[A-Z+*]/.test(number) ? `0${number.slice(2, 7)}${number[0]}${number[7]}` : number;
  const extra = modern[8] ? 'WABCDEFGHI'.indexOf(modern[8]) * 9 : 0;
  const sum = weighted(modern, [8, 7, 6, 5, 4, 3, 2]) + extra;
  return 'WABCDEFGHIJKLMNOPQRSTUV'[sum % 23] === modern[7];
}

function lithuania(number: string): boolean {
  const body = number.slice(0, -1);
  const first = body.split('').map((_, index) => 1 + (index % 9));
  let check = weighted(body, first) % 11;
  if (check === 10)
    check =
      (weighted(
        body,
        first.map((weight) => ((weight + 1) % 9) + 1),
      ) %
        11) %
      10;
  return check === lastDigit(number) && number[number.length === 9 ? 7 : 10] === '1';
}

function latvia(number: string): boolean {
  if (Number(number[0]) <= 3) return true; // a person's code: its checks depend on the date form, left to VIES
  return weighted(number, [9, 1, 4, 8, 3, 10, 2, 5, 7, 6, 1]) % 11 === 3;
}

function netherlands(number: string): boolean {
  const digits = number.slice(0, 9);
  // The older rule ("elfproef") for companies, or the newer one for sole traders: NL + number mod 97 is 1.
  const elevenTest = (weighted(digits, [9, 8, 7, 6, 5, 4, 3, 2]) - lastDigit(digits)) % 11 === 0;
  const modern = mod97(`2321${digits}11${number.slice(10)}`) === 1;
  return elevenTest || modern;
}

function slovenia(number: string): boolean {
  const check = 11 - (weighted(number, [8, 7, 6, 5, 4, 3, 2]) % 11);
  return check !== 11 && check % 10 === lastDigit(number);
}

/** The member states' formats, by the prefix of their VAT numbers (Greece's is EL). */
export const EU_VAT_FORMATS: Readonly<Record<string, VatFormat>> = {
  AT: { pattern: /^U\d{8}$/, check: austria },
  BE: {
    pattern: /^[01]\d{9}$/,
    modern: (n) => (n.length === 9 ? `0${n}` : n),
    check: (n) => 97 - (Number(n.slice(0, 8)) % 97) === Number(n.slice(8)),
  },
  BG: { pattern: /^\d{9,10}$/, check: bulgaria },
  CY: { pattern: /^[0-59]\d{7}[A-Z]$/, check: cyprus },
  CZ: { pattern: /^\d{8,10}$/, check: czechia },
  DE: { pattern: /^[1-9]\d{8}$/, check: mod11_10Valid },
  DK: { pattern: /^[1-9]\d{7}$/, check: (n) => weighted(n, [2, 7, 6, 5, 4, 3, 2, 1]) % 11 === 0 },
  EE: { pattern: /^10\d{7}$/, check: (n) => weighted(n, [3, 7, 1, 3, 7, 1, 3, 7, 1]) % 10 === 0 },
  EL: { pattern: /^\d{9}$/, check: (n) => (weighted(n, [256, 128, 64, 32, 16, 8, 4, 2]) % 11) % 10 === lastDigit(n) },
  ES: { pattern: /^[0-9A-Z]\d{7}[0-9A-Z]$/, check: spain },
  FI: { pattern: /^\d{8}$/, check: (n) => weighted(n, [7, 9, 10, 5, 8, 4, 2, 1]) % 11 === 0 },
  FR: { pattern: /^[0-9A-HJ-NP-Z]{2}\d{9}$/, check: france },
  HR: { pattern: /^\d{11}$/, check: mod11_10Valid },
  HU: { pattern: /^\d{8}$/, check: (n) => weighted(n, [9, 7, 3, 1, 9, 7, 3, 1]) % 10 === 0 },
  IE: { pattern: /^(\d{7}[A-W][AHW]?|\d[A-Z+*]\d{5}[A-W])$/, check: ireland },
  IT: { pattern: /^\d{11}$/, check: (n) => luhnValid(n) && !n.startsWith('0000000') },
  LT: { pattern: /^(\d{9}|\d{12})$/, check: lithuania },
  LU: { pattern: /^\d{8}$/, check: (n) => Number(n.slice(0, 6)) % 89 === Number(n.slice(6)) },
  LV: { pattern: /^\d{11}$/, check: latvia },
  MT: { pattern: /^[1-9]\d{7}$/, check: (n) => weighted(n, [3, 4, 6, 7, 8, 9, 10, 1]) % 37 === 0 },
  NL: { pattern: /^\d{9}B\d{2}$/, check: netherlands },
  PT: {
    pattern: /^[1-9]\d{8}$/,
    check: (n) => ((11 - (weighted(n, [9, 8, 7, 6, 5, 4, 3, 2]) % 11)) % 11) % 10 === lastDigit(n),
  },
  RO: {
    pattern: /^[1-9]\d{1,9}$/,
    check: (n) => {
      const padded = n.padStart(10, '0');
      return ((weighted(padded, [7, 5, 3, 2, 1, 7, 5, 3, 2]) * 10) % 11) % 10 === lastDigit(padded);
    },
  },
  SE: { pattern: /^\d{10}01$/, check: (n) => luhnValid(n.slice(0, 10)) },
  SI: { pattern: /^[1-9]\d{7}$/, check: slovenia },
  SK: { pattern: /^[1-9]\d[2-47-9]\d{7}$/, check: (n) => Number(n) % 11 === 0 },
};

/** Greece's VAT numbers carry EL, not its ISO code GR; people write either. */
const PREFIX_ALIASES: Readonly<Record<string, string>> = { GR: 'EL' };

export type EuVatProblem = 'unknown-country' | 'format' | 'checksum';

/**
 * A VAT number of another member state, normalised (`DE136695976`), or what is wrong with it.
 * @example euVatNumber('de 136 695 976') // { number: 'DE136695976' }
 */
export function euVatNumber(
  raw: string,
): { number: string; problem?: never } | { problem: EuVatProblem; number?: never } {
  const compact = raw.toUpperCase().replace(/[\s.\-/]/g, '');
  const prefix = PREFIX_ALIASES[compact.slice(0, 2)] ?? compact.slice(0, 2);
  const format = prefix === 'PL' ? undefined : EU_VAT_FORMATS[prefix];
  if (!format) return { problem: 'unknown-country' };
  const number = format.modern ? format.modern(compact.slice(2)) : compact.slice(2);
  if (!format.pattern.test(number)) return { problem: 'format' };
  if (format.check && !format.check(number)) return { problem: 'checksum' };
  return { number: `${prefix}${number}` };
}

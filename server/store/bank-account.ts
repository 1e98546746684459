/**
 * The shop's bank account as a manager types it and a customer reads it: an IBAN checked by ISO 13616 (its country's
 * length and format, and the mod-97 check digits) and a BIC checked by ISO 9362's format, both through `ibantools`.
 * The problems are sentences in the manager's words, since they are shown beside the settings field as they are.
 */
import { electronicFormatIBAN, isValidBIC, validateIBAN, ValidationErrorsIBAN } from 'ibantools';

/** The IBAN without spaces or hyphens, in capitals: how it is checked and how a bank reads it. */
export function compactIban(text: string): string {
  return electronicFormatIBAN(text) ?? '';
}

/**
 * The IBAN written in groups of four, as on a bank statement.
 * @example groupedIban('pl61109010140000071219812874') // 'PL61 1090 1014 0000 0712 1981 2874'
 */
export function groupedIban(text: string): string {
  return compactIban(text).replace(/(.{4})(?=.)/g, '$1 ');
}

/** What is wrong with an IBAN, or null when it is a valid one (or empty: the shop gives none). */
export function ibanProblem(text: string): string | null {
  if (text.trim() === '') return null;
  const iban = compactIban(text);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban))
    return 'an IBAN starts with two letters of the country and two check digits, then the account number, like PL61 1090 1014 0000 0712 1981 2874';
  const { errorCodes } = validateIBAN(iban);
  if (errorCodes.includes(ValidationErrorsIBAN.NoIBANCountry))
    return `${iban.slice(0, 2)} is not a country that uses IBANs; check the first two letters`;
  if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANLength))
    return `this is not the length of an IBAN of ${iban.slice(0, 2)}; check for a missing or extra digit`;
  if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANFormat))
    return `the account number does not have the format of ${iban.slice(0, 2)}; check for letters among the digits`;
  if (errorCodes.includes(ValidationErrorsIBAN.WrongIBANChecksum))
    return 'the check digits do not match; check the number';
  if (errorCodes.includes(ValidationErrorsIBAN.WrongAccountBankBranchChecksum))
    return 'the bank or branch number in it is not valid; check the number';
  if (errorCodes.length > 0) return 'this is not a valid IBAN; check the number';
  return null;
}

/** What is wrong with a BIC (SWIFT code), or null when it has the format of one (or is empty). */
export function bicProblem(text: string): string | null {
  const bic = text.trim().toUpperCase();
  if (bic === '' || isValidBIC(bic)) return null;
  return 'a BIC has 8 or 11 letters and digits: bank, country, place and an optional branch, like WBKPPLPP';
}

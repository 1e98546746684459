/** The checkout form's customer fields, filled as a shopper types them (by their labels). */
import type { Page } from 'playwright-core';

export interface CheckoutAddress {
  email: string;
  firstName: string;
  lastName: string;
  street: string;
  postcode: string;
  city: string;
}

export async function fillCheckoutAddress(page: Page, address: CheckoutAddress): Promise<void> {
  await page.getByRole('textbox', { name: /^E-mail/ }).fill(address.email);
  await page.getByRole('textbox', { name: /^Imię/ }).fill(address.firstName);
  await page.getByRole('textbox', { name: /^Nazwisko/ }).fill(address.lastName);
  await page.getByRole('textbox', { name: /^Ulica i numer/ }).fill(address.street);
  await page.getByRole('textbox', { name: /^Kod pocztowy/ }).fill(address.postcode);
  await page.getByRole('textbox', { name: /^Miejscowość/ }).fill(address.city);
}

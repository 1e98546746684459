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
  await page.getByRole('textbox', { name: /^First name/ }).fill(address.firstName);
  await page.getByRole('textbox', { name: /^Last name/ }).fill(address.lastName);
  await page.getByRole('textbox', { name: /^Street and number/ }).fill(address.street);
  await page.getByRole('textbox', { name: /^Postcode/ }).fill(address.postcode);
  await page.getByRole('textbox', { name: /^City/ }).fill(address.city);
}

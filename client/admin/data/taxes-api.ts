/**
 * `wc/v3/taxes` and `wc/v3/taxes/classes` (server/wc/wc-tax-routes.ts): the shop's tax rates and classes. A refused
 * write names each bad field and changes nothing.
 */
import type { TaxClass, TaxRate, WcTaxRate } from '../../api/taxes.js';
import { restDelete, restGet, restPost, restPut } from './rest-client.js';

/** What the Taxes screen sets of a rate. */
export type TaxRateFields = Pick<
  TaxRate,
  'country' | 'postcodes' | 'rate' | 'name' | 'class' | 'priority' | 'shipping'
>;

export const listTaxRates = () => restGet<WcTaxRate[]>('/wc/v3/taxes?per_page=100');
export const createTaxRate = (fields: TaxRateFields) => restPost<WcTaxRate>('/wc/v3/taxes', fields);
export const updateTaxRate = (id: number, fields: TaxRateFields) => restPut<WcTaxRate>(`/wc/v3/taxes/${id}`, fields);
export const deleteTaxRate = (id: number) => restDelete<WcTaxRate>(`/wc/v3/taxes/${id}?force=true`);

export const listTaxClasses = () => restGet<TaxClass[]>('/wc/v3/taxes/classes');
export const createTaxClass = (name: string) => restPost<TaxClass>('/wc/v3/taxes/classes', { name });
export const deleteTaxClass = (slug: string) =>
  restDelete<TaxClass>(`/wc/v3/taxes/classes/${encodeURIComponent(slug)}?force=true`);

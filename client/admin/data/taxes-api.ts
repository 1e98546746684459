/**
 * `wc/v3/taxes` and `wc/v3/taxes/classes` (server/wc/wc-tax-routes.ts): the shop's tax rates and classes. A refused
 * write names each bad field and changes nothing.
 */
import type { TaxClass, TaxRate, WcTaxRate } from '../../api/taxes.js';
import { restDelete, restDownloadUrl, restGet, restPost, restPut } from './rest-client.js';

/** What the Taxes screen sets of a rate. */
export type TaxRateFields = Pick<
  TaxRate,
  'country' | 'postcodes' | 'rate' | 'name' | 'class' | 'priority' | 'shipping'
>;

export const listTaxRates = () => restGet<WcTaxRate[]>('/wc/v3/taxes?per_page=100');

/** Adds the EU member states' rates the shop lacks (`vitrine/v1/taxes/eu-rates`); answers how many. */
export const addEuTaxRates = () => restPost<{ added: number }>('/vitrine/v1/taxes/eu-rates');

/** The One-Stop Shop return's figures of a quarter (`2026-Q4`) as CSV. */
export const ossReportUrl = (quarter: string) => restDownloadUrl('/vitrine/v1/taxes/oss-report', { quarter });
export const createTaxRate = (fields: TaxRateFields) => restPost<WcTaxRate>('/wc/v3/taxes', fields);
export const updateTaxRate = (id: number, fields: TaxRateFields) => restPut<WcTaxRate>(`/wc/v3/taxes/${id}`, fields);
export const deleteTaxRate = (id: number) => restDelete<WcTaxRate>(`/wc/v3/taxes/${id}?force=true`);

export const listTaxClasses = () => restGet<TaxClass[]>('/wc/v3/taxes/classes');
export const createTaxClass = (name: string) => restPost<TaxClass>('/wc/v3/taxes/classes', { name });
export const deleteTaxClass = (slug: string) =>
  restDelete<TaxClass>(`/wc/v3/taxes/classes/${encodeURIComponent(slug)}?force=true`);

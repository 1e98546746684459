/**
 * The KSeF environments and their addresses, as `ksef-client-ts` knows them: `test` (the Ministry's sandbox, invoices
 * without legal effect), `demo` (pre-production with real credentials) and `production`.
 */
import { Environment } from 'ksef-client-ts';

export const KSEF_ENVIRONMENTS = ['test', 'demo', 'production'] as const;
export type KsefEnvironment = (typeof KSEF_ENVIRONMENTS)[number];

const LIBRARY_NAME = { test: 'TEST', demo: 'DEMO', production: 'PROD' } as const;

export interface KsefAddresses {
  /** The API's root, without the version (the client adds `/v2`). */
  apiUrl: string;
  /** The root of the verification links printed under the QR codes. */
  qrUrl: string;
}

export function ksefAddresses(environment: KsefEnvironment): KsefAddresses {
  const { apiUrl, qrUrl } = Environment[LIBRARY_NAME[environment]];
  return { apiUrl, qrUrl };
}

/**
 * Placeholder for the end-to-end measurement of `POST /filter` (server + rendering + JSON) with autocannon, to be
 * written once the route exists: start the server on `catalogFile`, replay benchmarkQueries() as request bodies,
 * and print req/s and latency percentiles under the table of each size.
 */
export async function measureHttpFilter(_size: number, _catalogFile: string): Promise<void> {}

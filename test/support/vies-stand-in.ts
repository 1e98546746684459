/**
 * A local stand-in for the European Commission's VIES REST API (`POST /check-vat-number`, VIES_API_URL pointed at
 * it), answering in VIES's published shape: `{countryCode, vatNumber, requestDate, valid, name, address}` for a number
 * it knows (valid) or does not (invalid), and, while `down`, a member state's register unavailable as VIES reports
 * it (`{actionSucceed: false, errorWrappers: [{error: 'MS_UNAVAILABLE'}]}`, HTTP 500).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export class ViesStandIn {
  /** Registered numbers with their prefix (`DE136695976`) and the trader's name. */
  readonly registered = new Map<string, string>();
  /** Every number asked about, in order. */
  readonly asked: string[] = [];
  /** While true, VIES says the member state's register is unavailable. */
  down = false;
  #server: Server;
  url = '';

  constructor() {
    this.#server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        const send = (status: number, answer: unknown) => {
          response.writeHead(status, { 'content-type': 'application/json' });
          response.end(JSON.stringify(answer));
        };
        if (request.method !== 'POST' || request.url !== '/check-vat-number') return send(404, {});
        const { countryCode, vatNumber } = JSON.parse(body) as { countryCode: string; vatNumber: string };
        this.asked.push(`${countryCode}${vatNumber}`);
        if (this.down)
          return send(500, {
            actionSucceed: false,
            errorWrappers: [{ error: 'MS_UNAVAILABLE', message: 'The member state service is unavailable.' }],
          });
        const name = this.registered.get(`${countryCode}${vatNumber}`);
        send(200, {
          countryCode,
          vatNumber,
          requestDate: new Date().toISOString(),
          valid: name !== undefined,
          requestIdentifier: '',
          name: name ?? '---',
          address: name ? 'Lagerstraße 5, 10115 Berlin' : '---',
        });
      });
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  /** The environment that points a shop at this stand-in. */
  env(): NodeJS.ProcessEnv {
    return { VIES_API_URL: `${this.url}/check-vat-number` };
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

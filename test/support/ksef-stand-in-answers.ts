/**
 * What the KSeF stand-in writes as KSeF does: KSeF numbers (the seller's NIP, the date, a unique part and CRC-8
 * check digits), reference numbers, the UPO receipt, and its HTTP answers (problem details for errors).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

const CRC8_POLY = 7;
function crc8Hex(text: string): string {
  let crc = 0;
  for (const byte of Buffer.from(text)) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 128 ? ((crc << 1) ^ CRC8_POLY) & 255 : (crc << 1) & 255;
  }
  return crc.toString(16).toUpperCase().padStart(2, '0');
}

/** `NIP-YYYYMMDD-XXXXXXXXXXXX-CC`, the check digits a CRC-8 of the rest, as KSeF numbers them. */
export function ksefNumberFor(nip: string, date: Date): string {
  const head = `${nip}-${date.toISOString().slice(0, 10).replace(/-/g, '')}-${randomBytes(6).toString('hex').toUpperCase()}`;
  return `${head}-${crc8Hex(head)}`;
}

export const reference = (kind: string) =>
  `${new Date().toISOString().slice(0, 10).replace(/-/g, '')}-${kind}-${randomBytes(5).toString('hex').toUpperCase()}-${randomBytes(5).toString('hex').toUpperCase()}-${randomBytes(1).toString('hex').toUpperCase()}`;

export function upoOf(
  invoice: { sessionReference: string; ksefNumber: string | null; hash: string },
  nip: string,
  number: string,
): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Potwierdzenie xmlns="http://upo.schematy.mf.gov.pl/KSeF/v4-3">
  <NazwaPodmiotuPrzyjmujacego>Ministerstwo Finansów</NazwaPodmiotuPrzyjmujacego>
  <NumerReferencyjnySesji>${invoice.sessionReference}</NumerReferencyjnySesji>
  <Dokument>
    <NipSprzedawcy>${nip}</NipSprzedawcy>
    <NumerKSeFDokumentu>${invoice.ksefNumber}</NumerKSeFDokumentu>
    <NumerFaktury>${number}</NumerFaktury>
    <DataPrzeslaniaDokumentu>${new Date().toISOString()}</DataPrzeslaniaDokumentu>
    <SkrotDokumentu>${invoice.hash}</SkrotDokumentu>
  </Dokument>
</Potwierdzenie>
`;
}

export function problem(status: number, detail: string) {
  return {
    title: status === 400 ? 'Bad Request' : status === 401 ? 'Unauthorized' : 'Not Found',
    status,
    detail,
    errors: [{ code: 21405, description: detail }],
  };
}

export function send(response: ServerResponse, status: number, body: unknown): void {
  response
    .writeHead(status, { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' })
    .end(JSON.stringify(body));
}

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 10_000_000) throw new Error('Request body too large.');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A small FA(3) invoice for tests of sending, written out by hand from the Ministry's schema (one line at 23%), so
 * that the sender's tests do not depend on how the shop builds its XML. `number` and `grosz` make each one distinct.
 */
import { createHash } from 'node:crypto';

const amount = (grosz: number) => `${Math.floor(grosz / 100)}.${String(grosz % 100).padStart(2, '0')}`;

export function fa3Sample(number: string, netGrosz: number, sellerNip = '5260250274'): string {
  const tax = Math.round((netGrosz * 23) / 100);
  return `<?xml version="1.0" encoding="UTF-8"?>
<Faktura xmlns="http://crd.gov.pl/wzor/2025/06/25/13775/">
  <Naglowek>
    <KodFormularza kodSystemowy="FA (3)" wersjaSchemy="1-0E">FA</KodFormularza>
    <WariantFormularza>3</WariantFormularza>
    <DataWytworzeniaFa>2026-12-02T10:15:00Z</DataWytworzeniaFa>
    <SystemInfo>Vitrine</SystemInfo>
  </Naglowek>
  <Podmiot1>
    <DaneIdentyfikacyjne><NIP>${sellerNip}</NIP><Nazwa>Sklep Źdźbło Sp. z o.o.</Nazwa></DaneIdentyfikacyjne>
    <Adres><KodKraju>PL</KodKraju><AdresL1>ul. Łąkowa 12, 30-001 Kraków</AdresL1></Adres>
  </Podmiot1>
  <Podmiot2>
    <DaneIdentyfikacyjne><NIP>7740001454</NIP><Nazwa>Żółta Łódź Spółka Jawna</Nazwa></DaneIdentyfikacyjne>
    <Adres><KodKraju>PL</KodKraju><AdresL1>ul. Ściegiennego 5, 25-033 Kielce</AdresL1></Adres>
    <JST>2</JST>
    <GV>2</GV>
  </Podmiot2>
  <Fa>
    <KodWaluty>PLN</KodWaluty>
    <P_1>2026-12-02</P_1>
    <P_2>${number}</P_2>
    <P_6>2026-12-01</P_6>
    <P_13_1>${amount(netGrosz)}</P_13_1>
    <P_14_1>${amount(tax)}</P_14_1>
    <P_15>${amount(netGrosz + tax)}</P_15>
    <Adnotacje>
      <P_16>2</P_16>
      <P_17>2</P_17>
      <P_18>2</P_18>
      <P_18A>2</P_18A>
      <Zwolnienie><P_19N>1</P_19N></Zwolnienie>
      <NoweSrodkiTransportu><P_22N>1</P_22N></NoweSrodkiTransportu>
      <P_23>2</P_23>
      <PMarzy><P_PMarzyN>1</P_PMarzyN></PMarzy>
    </Adnotacje>
    <RodzajFaktury>VAT</RodzajFaktury>
    <FaWiersz>
      <NrWierszaFa>1</NrWierszaFa>
      <P_7>Lampa Żółta</P_7>
      <P_8A>szt.</P_8A>
      <P_8B>1</P_8B>
      <P_9A>${amount(netGrosz)}</P_9A>
      <P_11>${amount(netGrosz)}</P_11>
      <P_12>23</P_12>
    </FaWiersz>
  </Fa>
</Faktura>
`;
}

/** SHA-256 of the XML's bytes, base64: what the invoice's `hash` is. */
export const hashOf = (xml: string) => createHash('sha256').update(xml, 'utf8').digest('base64');

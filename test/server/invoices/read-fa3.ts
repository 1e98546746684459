// Reads an FA(3) XML back with libxml2's own parser and XPath, apart from the code that wrote it: the figures a test
// compares come from the document, not from the builder's data.
import { XmlDocument } from 'libxml2-wasm';

const NS = { fa: 'http://crd.gov.pl/wzor/2025/06/25/13775/' };

/** `12.34` as 1234 grosz, `-0.05` as -5, exactly (no floats). */
export function grosz(amount: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw new Error(`"${amount}" is not an FA(3) amount`);
  const value = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -value : value;
}

export interface ReadFa3 {
  /** The text of each direct child of `Fa`, by name (the last one of a name). */
  fa: Record<string, string>;
  rows: Record<string, string>[];
  /** The text at each of the XPaths asked for (prefix `fa:`), or null where there is none. */
  at: Record<string, string | null>;
}

export function readFa3(xml: string, xpaths: readonly string[] = []): ReadFa3 {
  const document = XmlDocument.fromString(xml);
  try {
    const fa: Record<string, string> = {};
    for (const node of document.root.find('fa:Fa/*', NS)) fa[(node as unknown as { name: string }).name] = node.content;
    const rows = document.root.find('fa:Fa/fa:FaWiersz', NS).map((row) => {
      const fields: Record<string, string> = {};
      for (const field of row.find('fa:*', NS)) fields[(field as unknown as { name: string }).name] = field.content;
      return fields;
    });
    const at = Object.fromEntries(xpaths.map((xpath) => [xpath, document.root.get(xpath, NS)?.content ?? null]));
    return { fa, rows, at };
  } finally {
    document.dispose();
  }
}

/**
 * A small XML writer: elements from nested arrays, every text and attribute escaped on the way out, so nothing from an
 * order (a name, an address) can become markup. Characters XML 1.0 forbids (control characters) are dropped.
 */

/** An element: its name, then its attributes (optional), then its children or its text. Null children are skipped. */
export type XmlNode = [name: string, ...content: XmlContent[]];
type XmlContent = XmlNode | string | Record<string, string> | null | undefined | false;

const FORBIDDEN = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function escapeXml(text: string): string {
  return text
    .replace(FORBIDDEN, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function write(node: XmlNode): string {
  const [name, ...content] = node;
  let attributes = '';
  let inner = '';
  for (const part of content) {
    if (part === null || part === undefined || part === false) continue;
    if (typeof part === 'string') inner += escapeXml(part);
    else if (Array.isArray(part)) inner += write(part);
    else for (const [key, value] of Object.entries(part)) attributes += ` ${key}="${escapeXml(value)}"`;
  }
  return `<${name}${attributes}>${inner}</${name}>`;
}

/** The document: the XML declaration, then `root`. */
export function xmlDocument(root: XmlNode): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${write(root)}\n`;
}

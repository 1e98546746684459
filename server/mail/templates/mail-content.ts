/**
 * The body of every message, described once and written twice: as HTML (escaped through server/html/safe-html.ts)
 * and as plain text. The HTML is plain and accessible: the language declared, real text in a heading and paragraphs,
 * facts in a table with row headers, dark text on white, underlined links whose address is also written out, no
 * images, no tracking of any kind. Every message ends with the shop's name, company data and contact.
 */
import { safeHtml, type SafeHtml } from '../../html/safe-html.js';
import type { MailShop } from './mail-shop.js';

export type MailBlock =
  /** A section's heading (h2). */
  | { section: string }
  | { paragraph: string }
  /** A table with column headings; each row's first cell heads its row, the others hold quantities and amounts. */
  | { table: { caption: string; head: readonly string[]; rows: readonly (readonly string[])[] } }
  /** Label and value pairs: what was received, a reference, a date. */
  | { facts: readonly (readonly [string, string])[] }
  | { list: readonly string[] }
  /** What someone wrote, quoted as it was written. */
  | { quote: string }
  | { link: { label: string; url: string } };

export interface MailContent {
  heading: string;
  blocks: readonly MailBlock[];
}

const STYLE = {
  body: 'margin:0;padding:0;background:#ffffff;color:#1a1a1a;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5',
  main: 'max-width:600px;margin:0 auto;padding:24px 16px',
  heading: 'font-size:22px;line-height:1.3;margin:0 0 16px;color:#1a1a1a',
  section: 'font-size:18px;line-height:1.3;margin:24px 0 8px;color:#1a1a1a',
  // A long name or number wraps rather than widening the message past a phone's screen.
  th: 'text-align:left;vertical-align:top;padding:4px 16px 4px 0;font-weight:bold;color:#1a1a1a;overflow-wrap:anywhere',
  td: 'vertical-align:top;padding:4px 0;color:#1a1a1a;overflow-wrap:anywhere',
  // A table's quantities and amounts: right-aligned, kept on one line, and set apart from their neighbours, so that
  // two amounts never read as one on a narrow screen.
  columnHead: 'text-align:right;vertical-align:bottom;padding:4px 0 4px 12px;font-weight:bold;color:#1a1a1a',
  amount: 'text-align:right;vertical-align:top;padding:4px 0 4px 12px;white-space:nowrap;color:#1a1a1a',
  quote: 'margin:0 0 16px;padding:8px 12px;border-left:4px solid #595959;color:#1a1a1a;white-space:pre-wrap',
  link: 'color:#0b57d0;text-decoration:underline',
  footer: 'margin-top:32px;padding-top:16px;border-top:1px solid #767676;font-size:14px;color:#3d3d3d',
};

function blockHtml(block: MailBlock): SafeHtml {
  if ('section' in block) return safeHtml`<h2 style="${STYLE.section}">${block.section}</h2>`;
  if ('table' in block) {
    const { caption, head, rows } = block.table;
    return safeHtml`<table style="border-collapse:collapse;margin:0 0 16px;width:100%"><caption style="text-align:left;font-weight:bold;padding:0 0 4px">${caption}</caption>
<thead><tr>${head.map((cell, index) => safeHtml`<th scope="col" style="${index === 0 ? STYLE.th : STYLE.columnHead}">${cell}</th>`)}</tr></thead>
<tbody>${rows.map(([first, ...rest]) => safeHtml`<tr><th scope="row" style="${STYLE.th}">${first}</th>${rest.map((cell) => safeHtml`<td style="${STYLE.amount}">${cell}</td>`)}</tr>`)}</tbody></table>`;
  }
  if ('paragraph' in block) return safeHtml`<p style="margin:0 0 16px">${block.paragraph}</p>`;
  if ('facts' in block) {
    const rows = block.facts.map(
      ([label, value]) =>
        safeHtml`<tr><th scope="row" style="${STYLE.th}">${label}</th><td style="${STYLE.td}">${value}</td></tr>`,
    );
    return safeHtml`<table style="border-collapse:collapse;margin:0 0 16px"><tbody>${rows}</tbody></table>`;
  }
  if ('list' in block)
    return safeHtml`<ul style="margin:0 0 16px;padding-left:24px">${block.list.map((item) => safeHtml`<li>${item}</li>`)}</ul>`;
  if ('quote' in block) return safeHtml`<blockquote style="${STYLE.quote}">${block.quote}</blockquote>`;
  return safeHtml`<p style="margin:0 0 16px"><a href="${block.link.url}" style="${STYLE.link}">${block.link.label}</a><br><span style="font-size:14px;word-break:break-all">${block.link.url}</span></p>`;
}

function blockText(block: MailBlock): string {
  if ('section' in block) return `${block.section}\n${'='.repeat(Math.min(block.section.length, 72))}`;
  if ('table' in block) return [block.table.caption, ...block.table.rows.map((row) => row.join(' | '))].join('\n');
  if ('paragraph' in block) return block.paragraph;
  if ('facts' in block) return block.facts.map(([label, value]) => `${label}: ${value}`).join('\n');
  if ('list' in block) return block.list.map((item) => `- ${item}`).join('\n');
  if ('quote' in block)
    return block.quote
      .split('\n')
      .map((line) => `> ${line}`)
      .join('\n');
  return `${block.link.label}:\n${block.link.url}`;
}

function footerLines(shop: MailShop): string[] {
  const { t } = shop.translator;
  return [
    shop.name,
    [shop.companyName, shop.address].filter(Boolean).join(', '),
    shop.taxId ? t('mail.footerTaxId', { taxId: shop.taxId }) : '',
    t('mail.footerContact', { email: shop.email, site: `${shop.storefrontUrl}/` }),
    t('mail.footerAutomatic'),
  ].filter(Boolean);
}

/** The HTML document and the plain text of one message. */
export function renderMailContent(
  shop: MailShop,
  subject: string,
  content: MailContent,
): { html: string; text: string } {
  const footer = footerLines(shop);
  const html = safeHtml`<!DOCTYPE html>
<html lang="${shop.translator.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${subject}</title></head>
<body style="${STYLE.body}"><div style="${STYLE.main}">
<h1 style="${STYLE.heading}">${content.heading}</h1>
${content.blocks.map(blockHtml)}
<footer style="${STYLE.footer}">${footer.map((line, index) => (index === 0 ? safeHtml`<p style="margin:0 0 4px"><strong>${line}</strong></p>` : safeHtml`<p style="margin:0 0 4px">${line}</p>`))}</footer>
</div></body></html>
`;
  const text = [
    content.heading,
    '',
    ...content.blocks.flatMap((block) => [blockText(block), '']),
    '-- ',
    ...footer,
    '',
  ].join('\n');
  return { html: html.value, text };
}

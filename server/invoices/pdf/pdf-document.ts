/**
 * pdfmake set up once for every document the shop prints: Roboto (which has every Polish letter) embedded from the
 * copy pdfmake ships, and no access to files or URLs, so that no text of a document can make pdfmake read a file
 * of the server or fetch an address.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import pdfMake from 'pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces.js';

/** The family every document is set in. */
export const DOCUMENT_FONT = 'Roboto';

const FONT_FILES = {
  normal: 'Roboto-Regular.ttf',
  bold: 'Roboto-Medium.ttf',
  italics: 'Roboto-Italic.ttf',
  bolditalics: 'Roboto-MediumItalic.ttf',
} as const;

let ready = false;

function setUp(): void {
  if (ready) return;
  const fontsFolder = path.join(
    path.dirname(createRequire(import.meta.url).resolve('pdfmake')),
    '..',
    'fonts',
    'Roboto',
  );
  // The fonts go into pdfmake's in-memory file system, so the local access policy can refuse every real path.
  const virtualFiles = (pdfMake as unknown as { virtualfs: { writeFileSync(name: string, data: Buffer): void } })
    .virtualfs;
  for (const file of Object.values(FONT_FILES))
    virtualFiles.writeFileSync(file, readFileSync(path.join(fontsFolder, file)));
  pdfMake.setFonts({ [DOCUMENT_FONT]: { ...FONT_FILES } });
  pdfMake.setLocalAccessPolicy(() => false);
  pdfMake.setUrlAccessPolicy(() => false);
  ready = true;
}

/** The PDF of a pdfmake document definition. */
export async function pdfOf(document: TDocumentDefinitions): Promise<Buffer> {
  setUp();
  return pdfMake
    .createPdf({ ...document, defaultStyle: { font: DOCUMENT_FONT, ...document.defaultStyle } })
    .getBuffer();
}

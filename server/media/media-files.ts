/** What the media library accepts and how it names what it keeps, for uploads and fetched images alike. */

/** Enough for a large product photo; more is a mistake (a video, a camera RAW) and costs every instance memory. */
export const MAX_MEDIA_BYTES = 8 * 1024 * 1024;

/** `Summer Banner (final).JPG` -> `summer-banner-final.jpg`, with the extension of the sniffed type. */
export function safeFilename(uploaded: string, extension: string): string {
  // Letters that do not decompose into a base letter and an accent (ł, ø, ß) are spelled out first.
  const base =
    uploaded
      .replace(/\.[^.]*$/, '')
      .replace(/[łŁ]/g, 'l')
      .replace(/[øØ]/g, 'o')
      .replace(/ß/g, 'ss')
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'image';
  return `${base}.${extension}`;
}

/**
 * An invoice's number as a file name every system accepts, whatever the numbering pattern holds: separators and
 * anything but letters, digits, dots, underscores and hyphens become one hyphen, and nothing leads up a folder.
 * @example invoiceFileName('FV/2026/12/7', 'pdf') // 'FV-2026-12-7.pdf'
 */
export function invoiceFileName(number: string, extension: string): string {
  const stem = number.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^[-.]+|[-.]+$/g, '');
  return `${stem || 'invoice'}.${extension}`;
}

/**
 * `Content-Disposition` of a download: the ASCII name for old clients, and the exact one (Polish letters a numbering
 * pattern may hold) by RFC 6266.
 */
export function attachmentOf(fileName: string): string {
  return `attachment; filename="${fileName.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

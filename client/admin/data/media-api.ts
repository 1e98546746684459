/** `wp/v2/media` (server/media/media-rest-routes.ts): images only, recognised by their bytes. */
import type { RestDeleted } from '../../api/errors.js';
import type { ImageFetchJob, RestMedia } from '../../api/media.js';
import { restDelete, restGet, restUpload } from './rest-client.js';

export const listMedia = () => restGet<RestMedia[]>('/wp/v2/media');

/**
 * The file goes as the raw body with its name in Content-Disposition, as WordPress accepts; the server reads its type
 * from the bytes and says why it refuses one (an SVG, a text file).
 */
export function uploadMedia(file: File): Promise<RestMedia> {
  const asciiName = file.name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return restUpload<RestMedia>('/wp/v2/media', file, {
    'Content-Type': file.type || 'application/octet-stream',
    'Content-Disposition': `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
  });
}

/** Media has no trash: a delete is for good. */
export const deleteMedia = (id: number) => restDelete<RestDeleted<RestMedia>>(`/wp/v2/media/${id}?force=true`);

/**
 * The progress of bringing the images an import named by URL into the media library (server/media/image-fetch-jobs.ts).
 */
export const readImageFetchJob = (id: string) =>
  restGet<ImageFetchJob>(`/vitrine/v1/media/fetches/${encodeURIComponent(id)}`);

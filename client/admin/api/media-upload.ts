/**
 * Uploads files to `wp/v2/media` for the block editor (its `mediaUpload` setting, which the image block calls). Each
 * file is sent as the raw body with its name in Content-Disposition, as WordPress accepts; the server reads its type
 * from the bytes and answers the reason when it refuses one (e.g. an SVG), which the block shows.
 */
import apiFetch from '@wordpress/api-fetch';
import { __ } from '@wordpress/i18n';

export interface RestMedia {
  id: number;
  source_url: string;
  title: { raw: string };
  mime_type: string;
  date: string;
  media_details: { filesize: number };
}

export function uploadFile(file: File): Promise<RestMedia> {
  const asciiName = file.name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return apiFetch<RestMedia>({
    path: '/wp/v2/media',
    method: 'POST',
    body: file,
    headers: {
      'Content-Type': file.type || 'application/octet-stream',
      'Content-Disposition': `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    },
  });
}

interface MediaUploadOptions {
  filesList: ArrayLike<File>;
  onFileChange: (media: Array<{ id: number; url: string; alt: string; title: string; mime: string; type: string }>) => void;
  onError?: (message: string) => void;
}

export async function mediaUpload({ filesList, onFileChange, onError }: MediaUploadOptions): Promise<void> {
  const uploaded = [];
  for (const file of Array.from(filesList)) {
    try {
      const media = await uploadFile(file);
      uploaded.push({ id: media.id, url: media.source_url, alt: '', title: media.title.raw, mime: media.mime_type, type: 'image' });
    } catch (error) {
      onError?.((error as { message?: string }).message ?? __('The file could not be uploaded.'));
    }
  }
  if (uploaded.length) onFileChange(uploaded);
}

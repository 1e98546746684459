/**
 * The block editor's `mediaUpload` setting, which the image block calls: each file is uploaded to `wp/v2/media`, and
 * the server's reason for refusing one (e.g. an SVG) is passed to the block, which shows it.
 */
import { __ } from '@wordpress/i18n';
import { uploadMedia } from '../data/media-api.js';
import { errorMessage } from '../data/rest-error.js';

interface MediaUploadOptions {
  filesList: ArrayLike<File>;
  onFileChange: (
    media: Array<{ id: number; url: string; alt: string; title: string; mime: string; type: string }>,
  ) => void;
  onError?: (message: string) => void;
}

export async function mediaUpload({ filesList, onFileChange, onError }: MediaUploadOptions): Promise<void> {
  const uploaded = [];
  for (const file of Array.from(filesList)) {
    try {
      const media = await uploadMedia(file);
      uploaded.push({
        id: media.id,
        url: media.source_url,
        alt: '',
        title: media.title.raw,
        mime: media.mime_type,
        type: 'image',
      });
    } catch (error) {
      onError?.(errorMessage(error) || __('The file could not be uploaded.'));
    }
  }
  if (uploaded.length) onFileChange(uploaded);
}

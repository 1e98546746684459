/**
 * `wp/v2/media`: the subset the admin's image block and media list use. An upload is the raw file as the body, with
 * `Content-Disposition: attachment; filename="..."`, as WordPress accepts it; its type is read from its bytes
 * (JPEG, PNG, WebP, AVIF), never from its name or Content-Type, and SVG is refused. Needs `edit_pages`, like pages.
 */
import type { RestMedia } from '../../client/api/media.js';
import { RestError } from '../rest/errors.js';
import type { RestRegistry } from '../rest/registry.js';
import { RestResponse, endpoint } from '../rest/route.js';
import { mediaUrl } from '../store/media-addresses.js';
import { EXTENSION_OF } from '../store/media-types.js';
import type { MediaItem } from '../store/media.js';
import type { Store } from '../store/store.js';
import { toLocalDateTime } from '../store/local-time.js';
import { MAX_MEDIA_BYTES, safeFilename } from './media-files.js';
import { looksLikeMarkup, sniffImageType } from './sniff-image.js';

function uploadedName(disposition: string | undefined): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (star) {
    try {
      return decodeURIComponent(star[1]!);
    } catch {
      // Malformed escapes: fall back to the plain parameter.
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1] ?? 'image';
}

/** As WordPress: `date` in the shop's time zone, `date_gmt` in UTC, both without an offset. */
function mediaResponse(item: MediaItem, siteUrl: string, timeZone: string): RestMedia {
  return {
    id: item.id,
    date: toLocalDateTime(item.created_at, timeZone),
    date_gmt: item.created_at.replace(/\.\d+Z$|Z$/, ''),
    slug: item.filename.replace(/\.[a-z]+$/, ''),
    type: 'attachment',
    title: { raw: item.title, rendered: item.title },
    author: item.author_id,
    alt_text: '',
    media_type: 'image',
    mime_type: item.mime_type,
    source_url: `${siteUrl}${mediaUrl(item)}`,
    media_details: { filesize: item.size },
  };
}

export function registerMediaRoutes(rest: RestRegistry, deps: { store: Store; siteUrl: string }): void {
  const timeZone = () => deps.store.site.data.settings.general.timezone;
  rest.register({
    namespace: 'wp/v2',
    path: '/media',
    endpoints: [
      {
        methods: ['GET'],
        permission: 'edit_pages',
        handler: async () =>
          (await deps.store.media.list()).map((item) => mediaResponse(item, deps.siteUrl, timeZone())),
      },
      {
        methods: ['POST'],
        permission: 'edit_pages',
        rawBody: { maxBytes: MAX_MEDIA_BYTES },
        handler: async (request) => {
          const bytes = request.body as Buffer;
          if (bytes.length === 0) throw new RestError('rest_upload_no_data', 'No data supplied.', 400);
          const type = sniffImageType(bytes);
          if (!type) {
            const reason = looksLikeMarkup(bytes)
              ? 'SVG and other markup files are not accepted: they can carry scripts. Upload a JPEG, PNG, WebP or AVIF image.'
              : 'This file is not a JPEG, PNG, WebP or AVIF image (its content was checked, not its name).';
            throw new RestError('rest_upload_sideload_error', reason, 415);
          }
          const name = uploadedName(request.headers['content-disposition'] as string | undefined);
          const filename = safeFilename(name, EXTENSION_OF[type]);
          const item = await deps.store.media.add(
            {
              filename,
              title: name.replace(/\.[^.]*$/, '').slice(0, 200),
              mime_type: type,
              author_id: request.user!.id,
            },
            bytes,
          );
          return new RestResponse(mediaResponse(item, deps.siteUrl, timeZone()), 201);
        },
      },
    ],
  });
  rest.register({
    namespace: 'wp/v2',
    path: '/media/(?P<id>[\\d]+)',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'edit_pages',
        args: { id: { type: 'integer', minimum: 1, required: true } },
        handler: async (request) => {
          const item = await deps.store.media.get(request.params.id);
          if (!item) throw new RestError('rest_post_invalid_id', 'Invalid media ID.', 404);
          return mediaResponse(item, deps.siteUrl, timeZone());
        },
      }),
      endpoint({
        methods: ['DELETE'],
        permission: 'edit_pages',
        args: { id: { type: 'integer', minimum: 1, required: true }, force: { type: 'boolean', default: false } },
        handler: async (request) => {
          // WordPress has no trash for media: only a forced delete is allowed.
          if (request.params.force !== true)
            throw new RestError(
              'rest_trash_not_supported',
              'Media cannot be trashed; set force to true to delete.',
              501,
            );
          const item = await deps.store.media.get(request.params.id);
          if (!item || !(await deps.store.media.delete(item.id)))
            throw new RestError('rest_post_invalid_id', 'Invalid media ID.', 404);
          return { deleted: true, previous: mediaResponse(item, deps.siteUrl, timeZone()) };
        },
      }),
    ],
  });
}

/** `wp/v2/media`: an uploaded image, in WordPress's attachment shape. */
export interface RestMedia {
  id: number;
  /** UTC without a zone, as `date_gmt`. */
  date: string;
  date_gmt: string;
  slug: string;
  type: 'attachment';
  title: { raw: string; rendered: string };
  author: number;
  alt_text: string;
  media_type: 'image';
  mime_type: string;
  /** Absolute address of the file. */
  source_url: string;
  media_details: { filesize: number };
}

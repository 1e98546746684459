/**
 * Chosen images with their text alternatives: a product's (the first is its main image, the others its gallery, in
 * order: Move up and Move down reorder them) or a variation's one. Images come from the media library
 * (media-browser.tsx); the alt text is the product's own, as WooCommerce keeps it with the product's image.
 */
import { Button, TextControl } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { FieldError, type FieldErrors } from './field-error.js';
import { MediaBrowser } from './media-browser.js';
import type { ImageChoice } from './product-form.js';

interface Props {
  images: ImageChoice[];
  onChange: (images: ImageChoice[]) => void;
  /** One image at most (a variation's). */
  single?: boolean;
  /** Names the images in labels, e.g. a variation's terms. */
  context: string;
  errors: FieldErrors;
  /** The wc/v3 field whose refusal is shown here: `images` or `image`. */
  field: string;
  errorPrefix: string;
}

export function ImageList({ images, onChange, single = false, context, errors, field, errorPrefix }: Props) {
  const [browsing, setBrowsing] = useState(false);
  const set = (index: number, alt: string) =>
    onChange(images.map((image, at) => (at === index ? { ...image, alt } : image)));
  const move = (index: number, by: number) => {
    const next = [...images];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    onChange(next);
  };
  const nameOf = (index: number) =>
    single
      ? sprintf(__('Image of %s'), context)
      : index === 0
        ? __('Main image')
        : sprintf(__('Gallery image %d'), index);
  return (
    <div className="vitrine-image-list">
      <FieldError errors={errors} field={field} prefix={errorPrefix} />
      <ul className="vitrine-image-list__items">
        {images.map((image, index) => (
          <li key={`${image.src}-${index}`} className="vitrine-image-list__item">
            <img src={image.src} alt="" width={64} height={64} />
            <div className="vitrine-image-list__fields">
              <TextControl
                __next40pxDefaultSize
                __nextHasNoMarginBottom
                label={sprintf(__('Alt text: %s'), nameOf(index))}
                help={__('What the image shows, for people who cannot see it.')}
                value={image.alt}
                onChange={(alt) => set(index, alt)}
              />
              <div className="vitrine-image-list__buttons">
                {!single && index > 0 && (
                  <Button size="small" variant="secondary" onClick={() => move(index, -1)}>
                    {sprintf(__('Move up: %s'), nameOf(index))}
                  </Button>
                )}
                {!single && index < images.length - 1 && (
                  <Button size="small" variant="secondary" onClick={() => move(index, 1)}>
                    {sprintf(__('Move down: %s'), nameOf(index))}
                  </Button>
                )}
                <Button
                  size="small"
                  variant="link"
                  isDestructive
                  onClick={() => onChange(images.filter((_, at) => at !== index))}
                >
                  {sprintf(__('Remove %s'), nameOf(index))}
                </Button>
              </div>
            </div>
          </li>
        ))}
      </ul>
      <Button variant="secondary" onClick={() => setBrowsing(true)}>
        {single
          ? images.length
            ? sprintf(__('Replace image of %s'), context)
            : sprintf(__('Choose image of %s'), context)
          : __('Add images')}
      </Button>
      {browsing && (
        <MediaBrowser
          title={single ? sprintf(__('Image of %s'), context) : __('Add images')}
          multiple={!single}
          onClose={() => setBrowsing(false)}
          onChoose={(chosen) => {
            onChange(single ? chosen.slice(0, 1) : [...images, ...chosen]);
            setBrowsing(false);
          }}
        />
      )}
    </div>
  );
}

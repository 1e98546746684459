/**
 * The media library in a dialog, to choose a product's or a variation's images: every image of `wp/v2/media` as a
 * checkbox named by its title beside its preview (one checked at a time when one image is wanted), a search by title,
 * and an upload (the new image is chosen at once). Keyboard: Tab moves between images, Space chooses; Escape closes
 * without choosing.
 */
import { Button, CheckboxControl, FormFileUpload, Modal, Notice, SearchControl, Spinner } from '@wordpress/components';
import { useEffect, useMemo, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { RestMedia } from '../../api/media.js';
import { listMedia, uploadMedia } from '../data/media-api.js';
import { errorMessage } from '../data/rest-error.js';
import type { ImageChoice } from './product-form.js';

interface Props {
  title: string;
  /** Several images (a gallery) or one (a variation's). */
  multiple: boolean;
  onChoose: (images: ImageChoice[]) => void;
  onClose: () => void;
}

export function MediaBrowser({ title, multiple, onChoose, onClose }: Props) {
  const [items, setItems] = useState<RestMedia[] | null>(null);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<number[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  useEffect(() => {
    listMedia().then(
      (answer) => setItems([...answer].reverse()),
      (error) => setProblems([errorMessage(error)]),
    );
  }, []);
  const shown = useMemo(() => {
    const wanted = search.trim().toLowerCase();
    return (items ?? []).filter((item) => wanted === '' || item.title.raw.toLowerCase().includes(wanted));
  }, [items, search]);

  const toggle = (id: number) =>
    setChosen((current) =>
      current.includes(id) ? current.filter((other) => other !== id) : multiple ? [...current, id] : [id],
    );
  const upload = async (files: FileList | null) => {
    setUploading(true);
    const errors: string[] = [];
    const added: RestMedia[] = [];
    for (const file of Array.from(files ?? [])) {
      await uploadMedia(file).then(
        (item) => added.push(item),
        (error) => errors.push(sprintf(__('%1$s: %2$s'), file.name, errorMessage(error))),
      );
    }
    setUploading(false);
    setProblems(errors);
    setItems((current) => [...added, ...(current ?? [])]);
    setChosen((current) =>
      multiple ? [...current, ...added.map((item) => item.id)] : added.length ? [added[0]!.id] : current,
    );
  };
  const choose = () => {
    const byId = new Map((items ?? []).map((item) => [item.id, item]));
    onChoose(
      chosen.flatMap((id) => {
        const item = byId.get(id);
        return item ? [{ src: item.source_url, alt: item.alt_text }] : [];
      }),
    );
  };

  return (
    <Modal title={title} onRequestClose={onClose} size="large" className="vitrine-media-browser">
      <div className="vitrine-media-browser__tools">
        <SearchControl
          __nextHasNoMarginBottom
          label={__('Search images by title')}
          value={search}
          onChange={setSearch}
        />
        <FormFileUpload
          accept="image/jpeg,image/png,image/webp,image/avif"
          multiple={multiple}
          onChange={(event) => void upload(event.currentTarget.files)}
          render={({ openFileDialog }) => (
            <Button variant="secondary" onClick={openFileDialog} isBusy={uploading}>
              {__('Upload new image')}
            </Button>
          )}
        />
      </div>
      {problems.map((problem) => (
        <Notice key={problem} status="error" isDismissible={false}>
          {problem}
        </Notice>
      ))}
      {items === null && problems.length === 0 && <Spinner />}
      {!multiple && <p className="vitrine-help">{__('Choose one image.')}</p>}
      {items !== null && shown.length === 0 && (
        <p>{items.length ? __('No image has this title.') : __('The media library is empty: upload an image.')}</p>
      )}
      <ul className="vitrine-media-browser__grid" aria-label={__('Media library')}>
        {shown.map((item) => (
          <li key={item.id} className="vitrine-media-browser__item">
            <img src={item.source_url} alt="" width={96} height={96} />
            <CheckboxControl
              __nextHasNoMarginBottom
              label={item.title.raw || item.slug}
              checked={chosen.includes(item.id)}
              onChange={() => toggle(item.id)}
            />
          </li>
        ))}
      </ul>
      <div className="vitrine-quick-edit__buttons">
        <span role="status" className="vitrine-media-browser__count">
          {sprintf(__('%d chosen'), chosen.length)}
        </span>
        <Button variant="tertiary" onClick={onClose}>
          {__('Cancel')}
        </Button>
        <Button variant="primary" onClick={choose} disabled={chosen.length === 0} accessibleWhenDisabled>
          {multiple ? __('Add chosen images') : __('Use this image')}
        </Button>
      </div>
    </Modal>
  );
}

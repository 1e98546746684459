/**
 * The Media screen: every uploaded image with a preview, its type, size and date; upload more (JPEG, PNG, WebP,
 * AVIF: the server checks the content and says why it refuses a file) and delete.
 */
import { Button, FormFileUpload, Notice, Spinner } from '@wordpress/components';
import type { Action, Field } from '@wordpress/dataviews';
import { useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { RestMedia } from '../../api/media.js';
import { deleteMedia, listMedia, uploadMedia } from '../data/media-api.js';
import { errorMessage } from '../data/rest-error.js';
import { tableView } from '../components/table-view.js';
import { BrowserPagedDataViews } from '../components/browser-paged-data-views.js';
import { useFittingView } from '../components/use-fitting-view.js';
import { formatShopDateTime } from '../locale/shop-time.js';
import { formatShopNumber } from '../locale/shop-number.js';

const fields: Field<RestMedia>[] = [
  {
    id: 'preview',
    label: __('Preview'),
    enableSorting: false,
    render: ({ item }) => <img src={item.source_url} alt="" width={64} height={64} style={{ objectFit: 'cover' }} />,
  },
  { id: 'title', label: __('Title'), enableGlobalSearch: true, getValue: ({ item }) => item.title.raw },
  { id: 'mime_type', label: __('Type'), getValue: ({ item }) => item.mime_type },
  {
    id: 'size',
    label: __('Size'),
    type: 'integer',
    getValue: ({ item }) => item.media_details.filesize,
    render: ({ item }) =>
      sprintf(
        __('%s kB'),
        formatShopNumber(item.media_details.filesize / 1024, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
      ),
  },
  {
    id: 'date',
    label: __('Uploaded'),
    type: 'datetime',
    getValue: ({ item }) => item.date,
    render: ({ item }) => formatShopDateTime(item.date),
  },
];

const DEFAULT_VIEW = tableView({
  fields: ['preview', 'mime_type', 'size', 'date'],
  titleField: 'title',
  sort: { field: 'date', direction: 'desc' },
});

export function MediaList() {
  const [items, setItems] = useState<RestMedia[] | null>(null);
  const [view, setView] = useFittingView(DEFAULT_VIEW);
  const [errors, setErrors] = useState<string[]>([]);
  const load = () => listMedia().then(setItems, (error) => setErrors([errorMessage(error)]));
  useEffect(() => {
    load();
  }, []);
  const upload = async (files: FileList | null) => {
    const problems: string[] = [];
    for (const file of Array.from(files ?? [])) {
      await uploadMedia(file).catch((error) =>
        problems.push(sprintf(__('%1$s: %2$s'), file.name, errorMessage(error))),
      );
    }
    setErrors(problems);
    await load();
  };
  const actions: Action<RestMedia>[] = [
    {
      id: 'delete',
      label: __('Delete permanently'),
      supportsBulk: false,
      callback: async ([item]) => {
        if (!window.confirm(__('Delete this image permanently? Pages that show it will show a broken image.'))) return;
        await deleteMedia(item!.id);
        await load();
      },
    },
  ];
  return (
    <section className="vitrine-admin__screen" aria-labelledby="media-heading">
      <div className="vitrine-admin__screen-header">
        <h1 id="media-heading">{__('Media')}</h1>
        <FormFileUpload
          accept="image/jpeg,image/png,image/webp,image/avif"
          multiple
          onChange={(event) => upload(event.currentTarget.files)}
          render={({ openFileDialog }) => (
            <Button variant="primary" onClick={openFileDialog}>
              {__('Upload images')}
            </Button>
          )}
        />
      </div>
      {errors.map((error) => (
        <Notice key={error} status="error" isDismissible={false}>
          {error}
        </Notice>
      ))}
      {items === null ? (
        <Spinner />
      ) : (
        <BrowserPagedDataViews<RestMedia>
          items={items}
          fields={fields}
          view={view}
          onChangeView={setView}
          actions={actions}
          getItemId={(item) => String(item.id)}
        />
      )}
    </section>
  );
}

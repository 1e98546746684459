/** The editor's header: back to the products, the screen's heading, where the edit stands, the shop link and Save. */
import { Button } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { screenPath } from '../shell/admin-screens.js';
import { navigate } from '../shell/use-route.js';
import type { ProductEditorState } from './use-product-editor.js';

export function EditorTopBar({ editor }: { editor: ProductEditorState }) {
  const published = editor.product?.status === 'publish';
  return (
    <div className="vitrine-product-editor__top">
      <Button variant="tertiary" onClick={() => navigate(screenPath('products'))}>
        {__('\u2190 Products')}
      </Button>
      <h1 id="product-editor-heading">{editor.id === null ? __('Add product') : __('Edit product')}</h1>
      <span className="vitrine-editor__spacer" />
      <span className="vitrine-editor__state" role="status">
        {editor.saving
          ? __('Saving\u2026')
          : editor.dirty
            ? __('Unsaved changes')
            : editor.id !== null
              ? __('Saved')
              : ''}
      </span>
      {published && editor.product && !editor.dirty && (
        <Button variant="secondary" href={editor.product.permalink} target="_blank">
          {__('View in the shop')}
        </Button>
      )}
      <Button
        variant="primary"
        onClick={() => void editor.save()}
        isBusy={editor.saving}
        disabled={editor.saving}
        accessibleWhenDisabled
      >
        {editor.id === null ? __('Save product') : __('Save changes')}
      </Button>
    </div>
  );
}

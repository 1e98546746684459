/**
 * The page's own settings in the sidebar: slug (with the server's reason shown beside it when refused) and the
 * status, which the Save draft and Publish buttons change.
 */
import { CheckboxControl, PanelBody, TextControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import type { PageDraft } from './use-page-draft.js';

export function PageSettingsPanel({ draft }: { draft: PageDraft }) {
  const errors = draft.problem.fields;
  return (
    <PanelBody title={__('Page')}>
      <TextControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        label={__('Slug')}
        help={errors.slug ? undefined : __('The page\u2019s address. Empty: made from the title.')}
        value={draft.fields.slug}
        onChange={(value) => draft.setField('slug', value)}
        aria-invalid={errors.slug ? true : undefined}
        aria-describedby={errors.slug ? 'page-slug-error' : undefined}
      />
      {errors.slug && (
        <p id="page-slug-error" className="vitrine-field-error" role="alert">
          {errors.slug}
        </p>
      )}
      <p className="vitrine-page-status">
        {draft.fields.status === 'publish'
          ? __('Status: published')
          : draft.fields.status === 'trash'
            ? __('Status: in the trash')
            : __('Status: draft')}
      </p>
      {errors.status && (
        <p className="vitrine-field-error" role="alert">
          {errors.status}
        </p>
      )}
      <CheckboxControl
        __nextHasNoMarginBottom
        label={__('Show in the site menu')}
        help={__('Published pages only, in the header navigation.')}
        checked={draft.fields.show_in_menu}
        onChange={(checked) => draft.setField('show_in_menu', checked)}
      />
      {draft.fields.show_in_menu && (
        <TextControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          type="number"
          label={__('Menu order')}
          help={errors.menu_order ?? __('Lower numbers come first.')}
          value={String(draft.fields.menu_order)}
          onChange={(value) => draft.setField('menu_order', Number.parseInt(value, 10) || 0)}
        />
      )}
    </PanelBody>
  );
}

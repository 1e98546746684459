/**
 * Stylesheets for the editor canvas. BlockCanvas renders the content in an iframe that does not inherit the page's
 * CSS, so the block styles are passed as links through `__unstableResolvedAssets` (an unstable setting: the
 * end-to-end test checks that a paragraph in the canvas is styled). `?url` makes Vite emit each as its own file.
 */
import blockEditorContent from '@wordpress/block-editor/build-style/content.css?url';
import blockLibraryEditor from '@wordpress/block-library/build-style/editor.css?url';
import blockLibraryStyle from '@wordpress/block-library/build-style/style.css?url';
import blockLibraryTheme from '@wordpress/block-library/build-style/theme.css?url';
import components from '@wordpress/components/build-style/style.css?url';
import designTokens from '@wordpress/theme/design-tokens.css?url';
import canvas from './canvas.css?url';
// The facet/filter preview is the storefront's markup: it needs the storefront's widget styles.
import facetFilterFragments from '../../facet-filter/facet-filter-fragments.css?url';

const STYLESHEETS = [
  designTokens,
  components,
  blockEditorContent,
  blockLibraryStyle,
  blockLibraryEditor,
  blockLibraryTheme,
  facetFilterFragments,
  canvas,
];

export const canvasAssets = {
  styles: STYLESHEETS.map((href) => `<link rel="stylesheet" href="${href}">`).join(''),
  scripts: '',
};

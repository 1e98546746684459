/**
 * The admin panel's entry (a Vite entry of its own: the storefront never loads React or the editor). It reads the
 * start data the server put in `data-start`, loads the user's language, then imports the screens and renders the
 * shell (shell/mount-admin.tsx, which the server preloads beside this entry): screens define their words when they
 * load, so the translation must be in first. The block editor's script and the blocks load with the page editor
 * (shell/screen-views.tsx); their styles are here, in the one stylesheet.
 */
import '@wordpress/theme/design-tokens.css';
import '@wordpress/components/build-style/style.css';
import '@wordpress/block-editor/build-style/style.css';
import '@wordpress/block-library/build-style/editor.css';
import '@wordpress/dataviews/build-style/style.css';
import 'format-library-style';
// The storefront widget's fragment styles, for the previews of the widget in admin screens (zero specificity).
import '../facet-filter/facet-filter-fragments.css';
import './admin.css';
import { loadAdminLanguage } from './i18n/admin-language.js';
import { readStartData } from './shell/start-data.js';

const found = readStartData();
if (found) {
  loadAdminLanguage(found.start)
    .then(() => import('./shell/mount-admin.js'))
    .then(({ mountAdmin }) => mountAdmin(found.mount, found.start));
}

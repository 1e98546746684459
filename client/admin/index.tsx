/**
 * The admin panel's entry (a Vite entry of its own: the storefront never loads React or the editor). It reads the
 * start data the server put in `data-start`, sets up the REST client and renders the shell. The block editor's script
 * and the blocks load with the page editor (shell/screen-views.tsx); their styles are here, in the one stylesheet.
 * The user's language is imported first: it loads the strings' translation before any screen module defines words.
 */
import './i18n/admin-language.js';
import '@wordpress/theme/design-tokens.css';
import '@wordpress/components/build-style/style.css';
import '@wordpress/block-editor/build-style/style.css';
import '@wordpress/block-library/build-style/editor.css';
import '@wordpress/dataviews/build-style/style.css';
import 'format-library-style';
// The storefront widget's fragment styles, for the previews of the widget in admin screens (zero specificity).
import '../facet-filter/facet-filter-fragments.css';
import './admin.css';
import { createRoot } from '@wordpress/element';
import { setupApiFetch } from './api/setup-api-fetch.js';
import { setShopLocale } from './locale/shop-locale.js';
import { AdminApp } from './shell/admin-app.js';
import { readStartData } from './shell/start-data.js';

const found = readStartData();
if (found) {
  const { mount, start } = found;
  setShopLocale(start.shop ?? {});
  setupApiFetch();
  createRoot(mount).render(<AdminApp start={start} />);
}

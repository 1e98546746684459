/**
 * Browser entry of the storefront. Lit's hydration support must load before any element module (see docs/toolchain.md):
 * otherwise server-rendered elements render their shadow content a second time, silently.
 */
import '@lit-labs/ssr-client/lit-element-hydrate-support.js';
import './styles/site.css';
import './styles/shop.css';
import './facet-filter/facet-filter-fragments.css';
import './facet-filter/facet-filter.js';
import './shop/add-to-cart.js';
import './shop/checkout-totals.js';
import './shop/language-switch.js';

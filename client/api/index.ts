/**
 * The shapes of every REST answer the browser reads, declared once for the admin and the storefront (and for the
 * server's handlers to declare what they return). Types only, plus the few value lists a type is made from: nothing
 * here may import Node, the DOM or server code.
 */
export * from './catalog-import.js';
export * from './compliance.js';
export * from './compliance-reports.js';
export * from './discovery.js';
export * from './errors.js';
export * from './facets.js';
export * from './inbox.js';
export * from './mail.js';
export * from './media.js';
export * from './pages.js';
export * from './users.js';
export * from './withdrawals.js';
export * from './woocommerce.js';

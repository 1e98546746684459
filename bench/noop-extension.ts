/**
 * The benchmark's baseline (VITRINE_EXTENSIONS=bench/noop-extension.ts): `GET {REST_ROOT}/bench/v1/noop`, a public
 * REST route that answers `{}`. It passes through the same middleware as `/filter` (headers, compression, the site's
 * refresh, the session, REST routing and authentication) and does nothing else, so that an answer's cost can be
 * read as a multiple of what any request costs on the same server at the same moment.
 */
import type { ExtensionModule } from '../server/extensions/plugin.js';

const noop: ExtensionModule = (plugin) => {
  plugin.rest.register({ namespace: 'bench/v1', path: '/noop', endpoints: [{ methods: ['GET'], permission: 'public', withoutCatalog: true, handler: () => ({}) }] });
};

export default noop;

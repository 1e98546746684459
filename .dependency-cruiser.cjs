/**
 * The layers of the code and the one rule between them: a folder imports only from folders in layers below it
 * (never from a sibling in its own layer, never from above). `npm test` runs this check first
 * (`npm run check:layers`); a back-pointing import fails with the rule's name. docs/architecture.md explains each
 * layer and why it sits where it does.
 */

/** Bottom to top. Folders in one inner array are siblings: independent of each other. */
const LAYERS = [
  [
    'client',
    'shortcodes',
    'blocks',
    'server/http',
    'server/html',
    'server/i18n',
    'server/hooks',
    'server/errors',
    'server/tax',
    'server/config.ts',
    'server/paths.ts',
  ],
  ['server/store'],
  ['server/catalog', 'server/auth'],
  ['server/rest', 'server/site'],
  ['server/mail'],
  ['server/compliance'],
  ['server/facets'],
  ['server/accounts'],
  ['server/shop'],
  ['server/invoices'],
  ['server/media'],
  ['server/wc'],
  ['server/pages'],
  ['server/demo'],
  ['server/extensions'],
  ['server/app.ts'],
  ['server/server.ts'],
  ['server/cli'],
  ['server/cli.ts'],
  ['server/main.ts'],
];

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** A folder matches itself and everything under it; a file matches only itself. */
const pathOf = (place) => (place.endsWith('.ts') ? `^${escapeRegExp(place)}$` : `^${escapeRegExp(place)}/`);
const anyOf = (places) => places.map(pathOf).join('|');
const GROUND = LAYERS[0];

const layerRules = LAYERS.flatMap((layer, index) =>
  layer
    .filter((place) => !GROUND.includes(place) && (layer.length > 1 || index < LAYERS.length - 1))
    .map((place) => {
      const above = LAYERS.slice(index + 1).flat();
      const siblings = layer.filter((other) => other !== place);
      return {
        name: `layers: ${place} imports only from layers below it`,
        comment: `${place} may not import ${[...siblings, ...above].join(', ')} (see docs/architecture.md).`,
        severity: 'error',
        from: { path: pathOf(place) },
        to: { path: anyOf([...siblings, ...above]) },
      };
    }),
);

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'ground: client, shortcodes and blocks never import server code',
      comment:
        'They run in the browser too, or are shared by the server and the editor; the server passes them what they need.',
      severity: 'error',
      from: { path: '^(client|shortcodes|blocks)/' },
      to: { path: '^server/' },
    },
    {
      name: 'ground: the shared client code never imports the admin',
      comment: 'client/admin is a browser entry of its own (React); the storefront and the server must never load it.',
      severity: 'error',
      from: { path: '^(client/(?!admin/)|shortcodes/|blocks/|server/)' },
      to: { path: '^client/admin/' },
    },
    {
      name: 'ground: the server folders of the ground import no other server folder',
      comment: 'http, html, hooks, errors, config and paths are the floor every layer stands on.',
      severity: 'error',
      from: { path: anyOf(GROUND.filter((place) => place.startsWith('server/'))) },
      to: { path: '^server/', pathNot: anyOf(GROUND.filter((place) => place.startsWith('server/'))) },
    },
    {
      name: 'engine: server/facets/engine is a pure library',
      comment:
        'The facet engine indexes and answers filter states over data it is given: no Koa, no store, no rendering. It reads ' +
        'the facet configuration, the catalog model and the URL codec, and yields to requests between slices of long work.',
      severity: 'error',
      from: { path: '^server/facets/engine/' },
      to: {
        pathNot: [
          '^server/facets/(engine/|config\\.ts$|sources\\.ts$|swatch-colours\\.ts$)',
          '^server/catalog/(model|category-tree)\\.ts$',
          '^server/store/catalog-types\\.ts$',
          '^server/http/background-pause\\.ts$',
          '^client/api/facets\\.ts$',
          '^client/facet-filter/query-state\\.ts$',
        ].join('|'),
        dependencyTypesNot: ['type-only', 'core'],
      },
    },
    {
      name: 'no import cycles between modules',
      comment: 'A cycle makes both modules one unit in disguise: move the shared part down, or pass it in.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // The admin's .tsx files are left out: the swc parser that reads TypeScript here does not read JSX (and TypeScript
    // 7 has no JavaScript API for the tsc parser). They are leaves that nothing imports; the type check, whose server
    // settings do not compile JSX, refuses any server import of them.
    exclude: { path: '^(dist|test|bench|scripts)/|\\.tsx$' },
    tsPreCompilationDeps: true,
    parser: 'swc',
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js'],
    },
  },
};

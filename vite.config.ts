// Builds the browser bundles into dist/client, with a manifest the server reads to link the hashed file names:
// the storefront (client/storefront.ts, Lit, small) and the admin panel (client/admin/, React and WordPress's editor),
// two entries that share no chunk, so the storefront never loads React.
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import { minifyCssTemplates } from './scripts/minify-css-templates.js';
import { precompressAssets } from './scripts/precompress-assets.js';
import { customElementsManifest } from './scripts/custom-elements-manifest.js';

const require = createRequire(import.meta.url);
// format-library's stylesheet is missing from its package `exports`, so it is reached by its file path.
const formatLibraryStyle = path.join(
  path.dirname(require.resolve('@wordpress/format-library/package.json')),
  'build-style/style.css',
);

export default defineConfig({
  publicDir: false,
  // The custom elements manifest (custom-elements.json) is made from the element's JSDoc on every build.
  plugins: [minifyCssTemplates(), precompressAssets(), customElementsManifest()],
  resolve: {
    alias: {
      'format-library-style': formatLibraryStyle,
      '@wordpress/vips/worker': path.resolve('client/admin/media-workers-stub.ts'),
      '@wordpress/video-conversion/worker': path.resolve('client/admin/media-workers-stub.ts'),
    },
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    // No source maps: production must not publish the sources (the server also refuses /assets/*.map).
    sourcemap: false,
    // The editor is one large entry by nature (about 1 MB gzip); the warning would say nothing new.
    chunkSizeWarningLimit: 6000,
    rollupOptions: {
      input: ['client/storefront.ts', 'client/admin/index.tsx'],
      onwarn(warning, warn) {
        // WordPress's packages carry "use client" directives for React Server Components; meaningless here.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
});

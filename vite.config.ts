// Builds the browser bundle from client/storefront.ts into dist/client, with a manifest the server reads to link
// the hashed file names.
import { defineConfig } from 'vite';
import { minifyCssTemplates } from './scripts/minify-css-templates.js';
import { precompressAssets } from './scripts/precompress-assets.js';

export default defineConfig({
  publicDir: false,
  plugins: [minifyCssTemplates(), precompressAssets()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    // No source maps: production must not publish the sources (the server also refuses /assets/*.map).
    sourcemap: false,
    rollupOptions: {
      input: 'client/storefront.ts',
    },
  },
});

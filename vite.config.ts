// Builds the browser bundle from client/storefront.ts into dist/client, with a manifest the server reads to link
// the hashed file names.
import { defineConfig } from 'vite';

export default defineConfig({
  publicDir: false,
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    sourcemap: true,
    rollupOptions: {
      input: 'client/storefront.ts',
    },
  },
});

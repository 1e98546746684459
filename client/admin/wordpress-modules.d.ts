// Modules of WordPress's packages that ship without type declarations, described as far as the admin uses them.
declare module '@wordpress/block-library/build-module/*' {
  /** Registers the block (block-library's per-block entry point). */
  export const init: () => unknown;
}
declare module '@wordpress/format-library';
declare module '*.css?url' {
  const url: string;
  export default url;
}
// block-editor's published types are not in its `exports` map, so TypeScript cannot see them.
declare module '@wordpress/block-editor';
// vite.config.ts aliases this name to format-library's stylesheet.
declare module 'format-library-style';

// Stands in for @wordpress/vips/worker (13 MB of wasm) and @wordpress/video-conversion/worker (400 kB), which the
// upload code loads only to convert images or videos in the browser. The admin never asks it to (uploads are sent
// as they are and the server checks them), so they are left out of the build (vite.config.ts aliases them here).
export {};

/** Where the project's own files are, independent of the working directory the server was started from. */
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = fileURLToPath(new URL('../', import.meta.url));
export const CLIENT_SOURCE_DIR = fileURLToPath(new URL('../client/', import.meta.url));
export const CLIENT_DIST_DIR = fileURLToPath(new URL('../dist/client/', import.meta.url));

// Every end-to-end file in this one process (test/e2e/run-files.ts): one Chromium, one shared server.
import { runEndToEndFiles } from './run-files.js';

await runEndToEndFiles(0, 1);

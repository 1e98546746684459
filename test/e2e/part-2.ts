// Part 2 of the end-to-end files, in one process with its own Chromium and shared server (test/e2e/run-files.ts).
import { E2E_PARTS, runEndToEndFiles } from './run-files.js';

await runEndToEndFiles(1, E2E_PARTS);

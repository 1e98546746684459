// Part 1 of the end-to-end files, in one process with its own Chromium and shared server (test/e2e/run-files.ts).
import { E2E_PARTS, runEndToEndFiles } from './run-files.js';

await runEndToEndFiles(0, E2E_PARTS);

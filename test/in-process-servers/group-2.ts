// Group 2 of the test files that start servers of their own and may share a process (test/support/in-process-files.mjs).
import { runServerGroup } from './run-group.js';

await runServerGroup(1);

#!/usr/bin/env node
// The `vitrine` command: runs the command line from the server's compiled JavaScript (bin/server-build.js), compiled
// first when the TypeScript sources changed since the last build.
import { compiledModule } from './server-build.js';

await import(await compiledModule('server/cli.ts'));

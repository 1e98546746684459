#!/usr/bin/env -S node --no-memory-reducer --min-semi-space-size=16
// The `vitrine` command: runs the command line from the server's compiled JavaScript (bin/server-build.js), compiled
// first when the TypeScript sources changed since the last build. Its Node options are a server's (bin/server-flags.js).
import { compiledModule } from './server-build.js';

await import(await compiledModule('server/cli.ts'));

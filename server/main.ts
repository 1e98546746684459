/** Starts the server from the environment alone (compiled: `node dist/server/<build>/server/main.js`). */
import { runCommand } from './cli/output.js';
import { serveCommand } from './cli/serve-command.js';

await runCommand(() => serveCommand({}));

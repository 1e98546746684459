/** Starts the server from the environment alone: `node --import tsx server/main.ts`. */
import { runCommand } from './cli/output.js';
import { serveCommand } from './cli/serve-command.js';

await runCommand(() => serveCommand({}));

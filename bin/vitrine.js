#!/usr/bin/env node
// The `vitrine` command: registers tsx so that the TypeScript sources run as they are, then hands over to the CLI.
import { register } from 'tsx/esm/api';

register();
await import('../server/cli.ts');

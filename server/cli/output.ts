/** How commands talk to the operator: results on stdout, problems on stderr with a non-zero exit code. */
import type { SeedReport } from '../demo/seed.js';

export class CommandError extends Error {}

export function printSeedReport(seeded: SeedReport | null): void {
  if (!seeded) return;
  console.log('The data folder was empty: seeded the demo shop.');
  console.log(`Administrator login:    ${seeded.adminLogin}`);
  console.log(`Administrator password: ${seeded.adminPassword}`);
  console.log('This password is shown only once: note it now.');
}

/** Runs a command body; any failure becomes one clear line on stderr and exit code 1. */
export async function runCommand(body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (error) {
    console.error(`vitrine: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}

/** `vitrine serve`: builds the client bundle if stale, opens the store and serves until interrupted. */
import { loadConfig, type ConfigFlags } from '../config.js';
import { buildClientIfStale } from '../site/client-build.js';
import { startServer } from '../server.js';
import { printSeedReport } from './output.js';

export interface ServeOptions extends ConfigFlags {
  buildIfStale?: boolean;
}

export async function serveCommand(options: ServeOptions): Promise<void> {
  const config = loadConfig(process.env, options);
  if (options.buildIfStale) await buildClientIfStale();
  const running = await startServer(config, process.env, { warmUp: true });
  printSeedReport(running.seeded);
  console.log(`Vitrine is serving ${running.url}/ (data in ${config.dataDir}). Press Ctrl+C to stop.`);
  const warmingUp = performance.now();
  void running.ready.then(() =>
    console.log(
      `Ready for a load balancer (GET /readyz) after ${Math.round(performance.now() - warmingUp)} ms of warm-up.`,
    ),
  );
  const stop = async (signal: string) => {
    console.log(`\nReceived ${signal}, shutting down.`);
    await running.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

// Browser tests of the client elements, in Debian's Chromium through Playwright's launcher.
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { litSsrPlugin } from '@lit-labs/testing/web-test-runner-ssr-plugin.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './test/chromium.js';

export default {
  files: ['test/browser/**/*.test.ts'],
  // Lit's production build: its dev-mode warning would make every suite print to the console.
  nodeResolve: { exportConditions: ['production'] },
  concurrency: 1,
  browserStartTimeout: 60_000,
  testsFinishTimeout: 180_000,
  plugins: [
    esbuildPlugin({ ts: true, tsconfig: './tsconfig.json', target: 'es2022' }),
    // Server-renders fixtures in a Node worker for the "server-rendered, then hydrated" suites; tsx lets that
    // worker import the element's TypeScript source, the same module the real server renders.
    litSsrPlugin({ workerInitModules: ['./test/browser/ssr-worker-init.mjs'] }),
  ],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: { executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS },
    }),
  ],
  testFramework: { config: { timeout: 10_000 } },
};

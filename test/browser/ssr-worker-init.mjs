// Loaded first in @lit-labs/testing's SSR worker (see web-test-runner.config.js): registers tsx so that the worker
// can import the element's TypeScript source, as the real server does.
import { register } from 'tsx/esm/api';

register();

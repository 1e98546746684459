/** What the compliance/v1 routes need from the application. */
import type { Config } from '../config.js';
import type { Hooks } from '../hooks/hooks.js';
import type { Store } from '../store/store.js';

export interface ComplianceDependencies {
  store: Store;
  hooks: Hooks;
  config: Config;
}

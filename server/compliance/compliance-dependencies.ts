/** What the compliance/v1 routes need from the application. */
import type { Config } from '../config.js';
import type { Hooks } from '../hooks/hooks.js';
import type { ShopMail } from '../mail/shop-mail.js';
import type { Store } from '../store/store.js';

export interface ComplianceDependencies {
  store: Store;
  hooks: Hooks;
  config: Config;
  /** The messages compliance decisions cause (a DSA notice's decision to its notifier). */
  mail: ShopMail;
}

/**
 * Development only: accepts HTTP Basic with a user's login password, as the "Basic Auth" plugin does for WordPress.
 * It is an extension built on the public hooks, switched on by `VITRINE_DEV_BASIC_AUTH=1`, and warns at start
 * because it sends real passwords with every request.
 */
import { BASIC_CREDENTIALS_FILTER } from '../../rest/authenticate-rest.js';
import { verifyPassword } from '../../auth/passwords.js';
import { findUserByLogin } from '../../auth/users.js';
import type { Store } from '../../store/store.js';
import type { User } from '../../store/schema.js';
import type { ExtensionModule } from '../plugin.js';

interface BasicCredentials {
  login: string;
  password: string;
  store: Store;
}

const devBasicAuth: ExtensionModule = (plugin) => {
  console.warn(
    'WARNING: VITRINE_DEV_BASIC_AUTH=1 accepts login passwords over HTTP Basic. Never use it in production.',
  );
  plugin.hooks.addFilter(BASIC_CREDENTIALS_FILTER, async (accepted: User | null, credentials: BasicCredentials) => {
    if (accepted) return accepted;
    const user = await findUserByLogin(credentials.store, credentials.login);
    return user && (await verifyPassword(credentials.password, user.password_hash)) ? user : null;
  });
};

export default devBasicAuth;

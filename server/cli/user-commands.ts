/** `vitrine user create`, `vitrine app-password create` and `vitrine api-key create`. */
import { addApplicationPassword, createUser } from '../auth/users.js';
import { API_KEY_PERMISSIONS, createApiKey, type ApiKeyPermissions } from '../auth/woo-api-keys.js';
import { StoreNotFoundError } from '../store/store.js';
import { withCommandStore } from './command-store.js';
import { CommandError } from './output.js';

export interface UserCreateOptions {
  role: string;
  email?: string;
  password?: string;
  data?: string;
}

export async function userCreateCommand(login: string, options: UserCreateOptions): Promise<void> {
  const { user, password, generated } = await withCommandStore(options, (store) =>
    createUser(store, { login, role: options.role, email: options.email, password: options.password }),
  );
  console.log(`Created user "${user.login}" (id ${user.id}, role ${user.roles.join(', ')}, e-mail ${user.email}).`);
  if (generated) console.log(`Generated password (shown once): ${password}`);
}

export async function appPasswordCreateCommand(
  login: string,
  options: { name?: string; data?: string },
): Promise<void> {
  const name = options.name ?? `cli ${new Date().toISOString().slice(0, 10)}`;
  const password = await withCommandStore(options, (store) => addApplicationPassword(store, login, name));
  console.log(
    `Created the application password "${name}" for "${login}". It is shown only once; use it with HTTP Basic:`,
  );
  console.log(password);
}

export async function apiKeyCreateCommand(
  login: string,
  options: { description?: string; permissions?: string; data?: string },
): Promise<void> {
  const permissions = (options.permissions ?? 'read_write') as ApiKeyPermissions;
  if (!API_KEY_PERMISSIONS.includes(permissions)) {
    throw new CommandError(
      `--permissions must be one of ${API_KEY_PERMISSIONS.join(', ')}, not "${options.permissions}".`,
    );
  }
  await withCommandStore(options, async (store) => {
    let credentials;
    try {
      credentials = await createApiKey(store, login, options.description ?? 'vitrine api-key create', { permissions });
    } catch (error) {
      if (error instanceof StoreNotFoundError) throw new CommandError(error.message);
      throw error;
    }
    console.log(
      `Created a WooCommerce REST API key for ${login} (${permissions.replace('_', '/')}). It is shown only once:`,
    );
    console.log(`Consumer key:    ${credentials.consumerKey}`);
    console.log(`Consumer secret: ${credentials.consumerSecret}`);
  });
}

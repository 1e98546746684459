/** `vitrine user create` and `vitrine app-password create`. */
import { addApplicationPassword, createUser } from '../auth/users.js';
import { withCommandStore } from './command-store.js';

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

export async function appPasswordCreateCommand(login: string, options: { name?: string; data?: string }): Promise<void> {
  const name = options.name ?? `cli ${new Date().toISOString().slice(0, 10)}`;
  const password = await withCommandStore(options, (store) => addApplicationPassword(store, login, name));
  console.log(`Created the application password "${name}" for "${login}". It is shown only once; use it with HTTP Basic:`);
  console.log(password);
}

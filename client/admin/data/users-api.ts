/**
 * `wp/v2/users` and each user's application passwords (server/accounts/user-admin-routes.ts), and a customer's data
 * rights (server/shop/account/privacy-rest-routes.ts) and erasure requests (server/shop/account/erasure-request-routes.ts).
 */
import type { RestDeleted } from '../../api/errors.js';
import type {
  RestApplicationPassword,
  RestErasureDone,
  RestErasureRequest,
  RestNewApplicationPassword,
  AdminLocale,
  RestUser,
  RestUserErasure,
  RestUserRole,
} from '../../api/users.js';
import { restDelete, restGet, restPost } from './rest-client.js';

export const listUsers = () => restGet<RestUser[]>('/wp/v2/users?context=edit');

export const createUser = (fields: {
  username: string;
  email: string;
  name?: string;
  roles: RestUserRole[];
  password: string;
}) => restPost<RestUser>('/wp/v2/users', fields);

export const updateUser = (id: number, changes: { roles?: RestUserRole[]; password?: string }) =>
  restPost<RestUser>(`/wp/v2/users/${id}`, changes);

/** The signed-in user's own admin language ('' follows the shop's). */
export const updateOwnLocale = (locale: AdminLocale) => restPost<RestUser>('/wp/v2/users/me', { locale });

const passwordsPath = (userId: number) => `/wp/v2/users/${userId}/application-passwords`;

export const listApplicationPasswords = (userId: number) => restGet<RestApplicationPassword[]>(passwordsPath(userId));

/** The answer holds the password, shown this once. */
export const createApplicationPassword = (userId: number, name: string) =>
  restPost<RestNewApplicationPassword>(passwordsPath(userId), { name });

export const revokeApplicationPassword = (userId: number, uuid: string) =>
  restDelete<RestDeleted<RestApplicationPassword>>(`${passwordsPath(userId)}/${uuid}`);

/** Everything the shop holds of a customer, as the JSON document they can download themselves. */
export const exportPersonalData = (userId: number) => restGet<unknown>(`/vitrine/v1/users/${userId}/export`);

export const erasePersonalData = (userId: number) => restPost<RestUserErasure>(`/vitrine/v1/users/${userId}/erase`);

/** The customers' erasure requests, newest first, with their state and deadline. */
export const listErasureRequests = () => restGet<RestErasureRequest[]>('/vitrine/v1/erasure-requests');

/** Carries out the request of the account `userId`, which its customer has confirmed. */
export const carryOutErasureRequest = (userId: number) =>
  restPost<RestErasureDone>(`/vitrine/v1/erasure-requests/${userId}`);

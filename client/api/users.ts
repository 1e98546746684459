/** `wp/v2/users` and `wp/v2/users/{id}/application-passwords`, in WordPress's shapes (the subset Vitrine has). */

export const ROLES = ['administrator', 'shop_manager', 'editor', 'customer'] as const;

/** The rule for a login password, which the server checks and the admin states before it is typed. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
export type RestUserRole = (typeof ROLES)[number];

/**
 * A user in the view context: what WordPress shows of a user to anyone allowed to see them at all. The e-mail, login,
 * roles and capabilities are in the edit context (`?context=edit`).
 */
export interface RestUserView {
  id: number;
  /** The display name. */
  name: string;
  url: string;
  description: string;
  slug: string;
}

/** A user in the edit context. */
export interface RestUser {
  id: number;
  username: string;
  /** The display name. */
  name: string;
  email: string;
  slug: string;
  /** One role. */
  roles: RestUserRole[];
  /** ISO 8601 in UTC, when the account was made. */
  registered_date: string;
  capabilities: Record<string, boolean>;
}

/** An application password as listed: never its hash. Times are the shop's local time. */
export interface RestApplicationPassword {
  uuid: string;
  app_id: string;
  name: string;
  created: string;
  last_used: string | null;
  last_ip: string | null;
}

/** The answer to creating one: the only time the password itself is shown. */
export interface RestNewApplicationPassword extends RestApplicationPassword {
  password: string;
}

/** `POST vitrine/v1/users/{id}/erase`: the person is erased from the account; `items_retained` orders are kept. */
export interface RestUserErasure {
  id: number;
  erased: true;
  /** The orders kept for tax law (anonymised, with their billing and delivery addresses). */
  items_retained: number;
  messages: string[];
}

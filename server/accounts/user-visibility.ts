/**
 * Who may see which users, as WordPress with WooCommerce's shop manager has it: everyone sees their own account;
 * administrators see everyone; a shop manager sees customers (WooCommerce gives shop managers `list_users`, limited to
 * the customer role), never staff. Changing anyone but oneself stays with administrators.
 */
import type { Role, User } from '../store/schema.js';
import { can } from '../auth/capabilities.js';

/**
 * The roles whose users `viewer` may list and view besides their own account.
 * @returns 'all' for administrators; an empty list for users who may see only themselves
 */
export function visibleRoles(viewer: User): readonly Role[] | 'all' {
  if (can(viewer.roles, 'manage_options')) return 'all';
  if (can(viewer.roles, 'manage_shop')) return ['customer'];
  return [];
}

export function mayViewUser(viewer: User, user: User): boolean {
  if (viewer.id === user.id) return true;
  const roles = visibleRoles(viewer);
  return roles === 'all' || (roles.length > 0 && user.roles.every((role) => roles.includes(role)));
}

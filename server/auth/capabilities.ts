/** Roles and the capabilities they grant, as docs/architecture.md fixes them. */
import type { Role } from '../store/schema.js';

export const CAPABILITIES = ['manage_shop', 'manage_options', 'edit_pages', 'read'] as const;
export type Capability = (typeof CAPABILITIES)[number];

const ROLE_CAPABILITIES: Record<Role, readonly Capability[]> = {
  administrator: ['manage_shop', 'manage_options', 'edit_pages', 'read'],
  shop_manager: ['manage_shop', 'edit_pages', 'read'],
  editor: ['edit_pages', 'read'],
  customer: ['read'],
};

export function capabilitiesOf(roles: readonly Role[]): Capability[] {
  return CAPABILITIES.filter((capability) => roles.some((role) => ROLE_CAPABILITIES[role]?.includes(capability)));
}

export function can(roles: readonly Role[], capability: Capability): boolean {
  return roles.some((role) => ROLE_CAPABILITIES[role]?.includes(capability));
}

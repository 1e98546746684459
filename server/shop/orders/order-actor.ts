/** Who changes an order, as its history and notes name them (client/api/orders.ts, OrderActor). */
import type { OrderActor } from '../../../client/api/orders.js';
import type { User } from '../../store/schema.js';

export const SYSTEM_ACTOR: OrderActor = { type: 'system', id: null, name: 'system' };

/** The customer placing their order: signed in (their id) or a guest. */
export function customerActor(user: Pick<User, 'id'> | null): OrderActor {
  return { type: 'customer', id: user?.id ?? null, name: 'customer' };
}

/** A REST caller: the API key's description when it came with a WooCommerce key, else the user's display name. */
export function restActor(
  user: Pick<User, 'id' | 'display_name' | 'login'>,
  apiKey: { description: string } | null,
): OrderActor {
  if (apiKey) return { type: 'api_key', id: user.id, name: apiKey.description || 'API key' };
  return { type: 'user', id: user.id, name: user.display_name || user.login };
}

/**
 * How much a shopper without an account may order at once: units per line and per order. An unpaid guest order holds
 * its units until its hold ends (orders/unpaid-holds.ts); the caps keep one such order from locking a product's whole
 * stock. Signed-in customers keep the cart's own limits. Checked when the cart changes and again at checkout.
 */
import type { SettingsData } from '../../store/settings-schema.js';
import { messageRef, type MessageRef } from '../../i18n/message-ref.js';

export interface UnitCaps {
  perLine: number;
  perOrder: number;
}

/** The caps for a guest (null for a signed-in customer, who has none beyond the cart's own). */
export function guestCaps(checkout: SettingsData['checkout'], signedIn: boolean): UnitCaps | null {
  return signedIn ? null : { perLine: checkout.guest_max_line_units, perOrder: checkout.guest_max_order_units };
}

export interface CapProblem {
  /** The line over its cap; null when the order as a whole is. */
  itemId: number | null;
  /** In the shopper's words. */
  said: MessageRef;
}

/** Why these lines are more than a guest may order at once; null when they are within the caps. */
export function capProblem(
  lines: ReadonlyArray<{ itemId: number; quantity: number; title?: string }>,
  caps: UnitCaps | null,
): CapProblem | null {
  if (!caps) return null;
  const over = lines.find((line) => line.quantity > caps.perLine);
  if (over) {
    return {
      itemId: over.itemId,
      said: over.title
        ? messageRef('cart.guestLineCap', { count: caps.perLine, title: over.title })
        : messageRef('cart.guestLineCapUntitled', { count: caps.perLine }),
    };
  }
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  if (units > caps.perOrder) {
    return {
      itemId: null,
      said: messageRef('cart.guestOrderCap', { count: caps.perOrder, units }),
    };
  }
  return null;
}

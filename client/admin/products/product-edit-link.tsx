/**
 * Links to a product in the admin: its editor (`/admin/products/ID`, with a place in it such as `#product-safety`,
 * which the editor scrolls to and focuses) and its quick edit on the Products screen (`/admin/products?edit=ID`).
 */
import { AdminLink } from '../shell/admin-link.js';
import { screenPath } from '../shell/admin-screens.js';

/** Places in the editor a link may name; each is an element id there. */
export type EditorPlace = 'product-name' | 'product-description' | 'product-safety';

export const productEditorPath = (id: number | 'new', place?: EditorPlace) =>
  `${screenPath('products', id)}${place ? `#${place}` : ''}`;
export const productQuickEditPath = (id: number) => `${screenPath('products')}?edit=${id}`;

export function ProductEditLink({ id, place, children }: { id: number; place?: EditorPlace; children: string }) {
  return <AdminLink href={productEditorPath(id, place)}>{children}</AdminLink>;
}

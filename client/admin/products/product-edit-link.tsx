/** A link to a product's quick edit on the Products screen (`/admin/products?edit=ID`), followed inside the admin. */
import { AdminLink } from '../shell/admin-link.js';
import { screenPath } from '../shell/admin-screens.js';

export const productEditPath = (id: number) => `${screenPath('products')}?edit=${id}`;

export function ProductEditLink({ id, children }: { id: number; children: string }) {
  return <AdminLink href={productEditPath(id)}>{children}</AdminLink>;
}

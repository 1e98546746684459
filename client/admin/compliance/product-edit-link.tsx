/** A link to a product's quick edit on the Products screen (`/admin/products?edit=ID`), followed inside the admin. */
import { navigate } from '../shell/use-route.js';

export const productEditPath = (id: number) => `/admin/products?edit=${id}`;

export function ProductEditLink({ id, children }: { id: number; children: string }) {
  return (
    <a
      href={productEditPath(id)}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        navigate(productEditPath(id));
      }}
    >
      {children}
    </a>
  );
}

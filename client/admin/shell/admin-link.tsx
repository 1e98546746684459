/**
 * A link to another admin screen, followed inside the shell (no page load); with a modifier key the browser does what
 * it does with any link (a new tab or window).
 */
import type { ReactNode } from 'react';
import { navigate } from './use-route.js';

export function AdminLink({
  href,
  current = false,
  children,
}: {
  href: string;
  current?: boolean;
  children: ReactNode;
}) {
  return (
    <a
      href={href}
      aria-current={current ? 'page' : undefined}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        navigate(href);
      }}
    >
      {children}
    </a>
  );
}

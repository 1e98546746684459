/**
 * Nothing typed is lost by leaving by mistake: while the edit has unsaved changes, the browser asks before the tab
 * closes or reloads, and the admin's own links ask before they switch screens.
 */
import { useEffect } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { setLeaveGuard } from './use-route.js';

export function useLeaveGuard(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    setLeaveGuard(() => window.confirm(__('You have unsaved changes. Leave anyway?')));
    return () => {
      window.removeEventListener('beforeunload', warn);
      setLeaveGuard(null);
    };
  }, [dirty]);
}

/**
 * A DataViews table that fits the screen. Below wp-admin's "medium" breakpoint (782 px) it hides its secondary
 * columns: it keeps its title column (its first two columns without a title). DataViews' list layout would stack
 * every field, but it is a grid widget whose cells may hold no links, and these tables link. The view the user set
 * up (columns, sort, filters, page) is kept, so widening the window brings every column back. A view with a
 * `descriptionField` shows it under the title on a narrow screen only, where its column is hidden.
 * Pass `FITTING_LAYOUTS` as the DataViews' `defaultLayouts`.
 */
import type { View } from '@wordpress/dataviews';
import { useCallback, useMemo, useState, useSyncExternalStore } from '@wordpress/element';

const NARROW = '(max-width: 781px)';

export const FITTING_LAYOUTS = { table: {} };

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the window is narrower than wp-admin's medium breakpoint. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(NARROW).matches);
}

/** @returns the view to draw, and the setter for DataViews' `onChangeView` */
export function useFittingView(initial: View | (() => View)): [View, (view: View) => void] {
  const narrow = useNarrowScreen();
  const [view, setView] = useState<View>(initial);
  const fitted = narrow && view.type === 'table';
  // The same object while nothing changes: screens fetch when their view changes.
  const shown = useMemo<View>(() => {
    const columns = fitted ? { ...view, fields: view.fields?.slice(0, view.titleField ? 0 : 2) } : view;
    // DataViews shows a description unless told not to.
    return view.descriptionField ? { ...columns, showDescription: narrow } : columns;
  }, [fitted, narrow, view]);
  const change = useCallback(
    (next: View) =>
      setView((current) =>
        // The columns stay the table's: the change (sort, filters, page) is taken, not the hidden columns.
        !fitted ? next : ({ ...next, fields: current.fields } as View),
      ),
    [fitted],
  );
  return [shown, change];
}

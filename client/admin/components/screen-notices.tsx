/**
 * A list screen's notices above its table: what the last action did (a status a screen reader reads out) and why the
 * last one failed.
 */
import { Notice } from '@wordpress/components';

export function ScreenNotices({ notice, error }: { notice: string | null; error: string | null }) {
  return (
    <>
      {notice && (
        <Notice status="success" isDismissible={false}>
          <span role="status">{notice}</span>
        </Notice>
      )}
      {error && (
        <Notice status="error" isDismissible={false}>
          {error}
        </Notice>
      )}
    </>
  );
}

import { Spinner } from '@blueprintjs/core';

/** A centred spinner while a page module or the session loads. */
export function PageLoading({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <div
      className={fullScreen ? 'dms-loading dms-loading--full' : 'dms-loading'}
      role="status"
      aria-live="polite"
    >
      <Spinner size={fullScreen ? 40 : 30} />
    </div>
  );
}

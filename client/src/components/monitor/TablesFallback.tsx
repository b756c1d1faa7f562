import { Button, NonIdealState, Spinner } from '@blueprintjs/core';

/**
 * What a monitor's table grid shows while it has no table: a spinner while its feed loads, the failure (with a
 * retry, except on a wall screen, where nobody clicks), or that no table is live.
 */
export function TablesFallback({
  loading,
  failed,
  wall,
  onRetry,
  texts,
}: {
  loading: boolean;
  failed: boolean;
  wall: boolean;
  onRetry: () => void;
  /** In the monitor's own words. */
  texts: { failed: string; retry: string; empty: string; emptyHint: string };
}) {
  if (loading) return <Spinner size={32} />;
  if (failed)
    return (
      <NonIdealState
        icon="error"
        description={texts.failed}
        action={wall ? undefined : <Button icon="refresh" text={texts.retry} onClick={onRetry} />}
      />
    );
  return <NonIdealState icon="th" title={texts.empty} description={texts.emptyHint} />;
}

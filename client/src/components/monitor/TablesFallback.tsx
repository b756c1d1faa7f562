import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/**
 * What a monitor's table grid shows while it has no table: a spinner while its feed loads, the failure (with a
 * retry, except on a wall screen, where nobody clicks), or that no table is live.
 */
export function TablesFallback({
  loading,
  failed,
  wall,
  onRetry,
  ns,
}: {
  loading: boolean;
  failed: boolean;
  wall: boolean;
  onRetry: () => void;
  /** The monitor's namespace, whose `loadFailed`, `retry`, `tables.empty` and `tables.emptyHint` it shows. */
  ns: 'monitor' | 'tpMonitor';
}) {
  const { t } = useTranslation(ns);
  if (loading) return <Spinner size={32} />;
  if (failed)
    return (
      <NonIdealState
        icon="error"
        description={t('loadFailed')}
        action={wall ? undefined : <Button icon="refresh" text={t('retry')} onClick={onRetry} />}
      />
    );
  return <NonIdealState icon="th" title={t('tables.empty')} description={t('tables.emptyHint')} />;
}

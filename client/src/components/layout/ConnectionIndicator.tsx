import { Tooltip } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useConnectionState } from '@/lib/live/useConnectionState';
import type { ConnectionState } from '@/lib/live/live';

const TONE: Record<ConnectionState, 'ok' | 'pending' | 'down'> = {
  connected: 'ok',
  connecting: 'pending',
  reconnecting: 'pending',
  refused: 'down',
  idle: 'down',
};

/** The live channel's state: green connected, amber (re)connecting, red off or refused. */
export function ConnectionIndicator() {
  const { t } = useTranslation();
  const state = useConnectionState();
  const label = t(`common:live.${state}`);
  return (
    <Tooltip content={label} placement="bottom">
      <span className="dms-live" role="status" aria-label={label} data-state={state} tabIndex={0}>
        <span className={`dms-live__dot dms-live__dot--${TONE[state]}`} />
      </span>
    </Tooltip>
  );
}

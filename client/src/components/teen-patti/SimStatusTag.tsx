import { Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { TpSimStatus } from '@dms/shared/contracts/http/teenPatti';

const INTENT: Readonly<Record<TpSimStatus, Intent>> = {
  running: Intent.PRIMARY,
  done: Intent.SUCCESS,
  cancelled: Intent.WARNING,
  failed: Intent.DANGER,
  interrupted: Intent.DANGER,
};

/** Where a simulation is (running, done, cancelled, failed, interrupted), as a coloured tag. */
export function SimStatusTag({ status }: { status: TpSimStatus }) {
  const { t } = useTranslation('tpSim');
  return (
    <Tag minimal intent={INTENT[status]} data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
}

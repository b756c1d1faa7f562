import { useState } from 'react';
import { Alert, Button, Classes, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@dms/shared/format/date';
import { TEEN_PATTI_BETS } from '@dms/shared/games/teenPattiSim';
import { PERM } from '@dms/shared/permissions/codes';
import { EnumValue } from '@/components/labels/EnumValue';
import { SimFigures } from '@/components/teen-patti/SimFigures';
import { SimStatusTag } from '@/components/teen-patti/SimStatusTag';
import { errorMessageOf } from '@/lib/api/baseQuery';
import { formatAmount, formatCount } from '@/lib/format/number';
import { selectRoles } from '@/lib/session/sessionSlice';
import { useTpSimDeleteMutation, useTpSimGetQuery } from '@/lib/api/teenPattiApi';
import { SimRounds } from './SimRounds';

/** Props of {@link SimDetail}. */
export interface SimDetailProps {
  id: number;
  onBack: () => void;
  portal: HTMLElement | null;
}

/** One saved simulation: its parameters, its figures against theory, and its rounds. */
export function SimDetail({ id, onBack, portal }: SimDetailProps) {
  const { t } = useTranslation('tpViewer');
  const roles = useSelector(selectRoles);
  const canDelete = roles.includes(PERM.TEEN_PATTI_TEST_TOOLS);
  const sim = useTpSimGetQuery({ id });
  const [remove, removing] = useTpSimDeleteMutation();
  const [confirming, setConfirming] = useState(false);
  const data = sim.data;

  if (sim.isError && !data) {
    return (
      <NonIdealState
        icon="error"
        title={t('loadFailed')}
        description={errorMessageOf(sim.error)}
        action={<Button icon="arrow-left" text={t('back')} onClick={onBack} />}
      />
    );
  }
  if (!data) {
    return (
      <div className="dms-loading" role="status">
        <Spinner size={30} />
      </div>
    );
  }
  return (
    <div className="dms-tpv__detail" data-testid="sim-detail">
      <div className="dms-tpv__detail-head">
        <Button icon="arrow-left" variant="minimal" text={t('back')} onClick={onBack} />
        <h3 className={Classes.HEADING} translate="no">
          {data.name}
        </h3>
        <SimStatusTag status={data.status} />
        {canDelete && (
          <Button
            icon="trash"
            intent={Intent.DANGER}
            variant="minimal"
            text={t('delete')}
            onClick={() => setConfirming(true)}
          />
        )}
      </div>
      <dl className="dms-tpv__params">
        <div>
          <dt>{t('list.seed')}</dt>
          <dd translate="no">{data.seed}</dd>
        </div>
        <div>
          <dt>{t('list.players')}</dt>
          <dd>{data.players}</dd>
        </div>
        <div>
          <dt>{t('list.rounds')}</dt>
          <dd>
            {formatCount(data.doneRounds)} / {formatCount(data.rounds)}
          </dd>
        </div>
        <div>
          <dt>{t('list.createdBy')}</dt>
          <dd translate="no">{data.createdBy}</dd>
        </div>
        <div>
          <dt>{t('list.createdAt')}</dt>
          <dd>{formatDate(data.createdAt)}</dd>
        </div>
        <div>
          <dt>{t('stakes')}</dt>
          <dd>
            {TEEN_PATTI_BETS.map((b, i) => (
              <span key={b}>
                {i > 0 && ' · '}
                <EnumValue name="betType" value={b} /> {formatAmount(data.stakes[b])}
              </span>
            ))}
          </dd>
        </div>
      </dl>
      <SimFigures sim={data} />
      <h4 className={Classes.HEADING}>{t('rounds.title')}</h4>
      <SimRounds sim={data} />
      {portal && (
        <Alert
          isOpen={confirming}
          portalContainer={portal}
          intent={Intent.DANGER}
          icon="trash"
          confirmButtonText={t('delete')}
          cancelButtonText={t('cancel')}
          loading={removing.isLoading}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            void remove({ id }).then((res) => {
              setConfirming(false);
              if ('data' in res) onBack();
            })
          }
        >
          {t('deleteConfirm', { name: data.name })}
        </Alert>
      )}
    </div>
  );
}

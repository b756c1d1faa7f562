import {
  Button,
  Callout,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  HTMLTable,
  Intent,
  ProgressBar,
} from '@blueprintjs/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import {
  BACKTEST_KINDS,
  type BacktestKind,
  type BacktestLevelCounts,
  type BacktestQuality,
  type BacktestResult,
} from '@dms/shared/contracts/http/riskBacktest';
import type { RiskSettings } from '@dms/shared/contracts/http/riskSettings';
import { formatDate } from '@dms/shared/format/date';
import { errorMessageOf } from '@/lib/api/baseQuery';
import { formatCount, formatDecimal, formatRatio } from '@/lib/format/number';
import { selectDevice } from '@/lib/ui/appSlice';
import {
  useRiskBacktestCancelMutation,
  useRiskBacktestStartMutation,
  useRiskBacktestStatusQuery,
} from '../api/riskApi';

export interface BacktestDialogProps {
  /** The proposed thresholds; a new object starts a new backtest, undefined closes the dialog. */
  proposed: RiskSettings | undefined;
  onClose: () => void;
  portalContainer?: HTMLElement | undefined;
}

const LEVELS = ['abnormal', 'middle', 'high'] as const;
const LEVEL_LABEL = { abnormal: 'level.1', middle: 'level.2', high: 'level.3' } as const;

/**
 * The backtest of Risk Setting: starts a job with the proposed thresholds, shows its progress (with a
 * cancel), then, side by side for the current and the proposed thresholds, what each flags over the last
 * two months and how it does on the injected colluders.
 */
export function BacktestDialog({ proposed, onClose, portalContainer }: BacktestDialogProps) {
  const { t } = useTranslation('risk');
  const [start] = useRiskBacktestStartMutation();
  const [cancel, cancelling] = useRiskBacktestCancelMutation();
  const [jobId, setJobId] = useState<string>();
  const [error, setError] = useState<string>();
  const startedFor = useRef<RiskSettings>(undefined);

  useEffect(() => {
    if (!proposed || startedFor.current === proposed) return;
    startedFor.current = proposed;
    setJobId(undefined);
    setError(undefined);
    start(proposed)
      .unwrap()
      .then((r) => setJobId(r.id))
      .catch((e: unknown) => setError(errorMessageOf(e)));
  }, [proposed, start]);

  const [polling, setPolling] = useState(true);
  const status = useRiskBacktestStatusQuery(jobId ?? skipToken, {
    pollingInterval: polling ? 400 : 0,
  });
  const job = status.data && status.data.id === jobId ? status.data : undefined;
  // A job the gateway no longer knows (restarted, or forgotten) ends the wait with its message.
  const failure = error ?? (jobId && status.isError ? errorMessageOf(status.error) : undefined);
  const running = !failure && (!job || job.state === 'running');
  useEffect(() => setPolling(running), [running]);

  const close = () => {
    if (jobId && job?.state === 'running') void cancel(jobId);
    startedFor.current = undefined;
    setJobId(undefined);
    onClose();
  };
  const pct = job && job.roundsTotal > 0 ? job.roundsDone / job.roundsTotal : 0;

  return (
    <Dialog
      isOpen={proposed !== undefined}
      onClose={close}
      title={t('backtest.title')}
      icon="lab-test"
      className="dms-risk__backtest"
      {...(portalContainer ? { portalContainer } : {})}
    >
      <DialogBody>
        {failure || job?.state === 'failed' ? (
          <Callout intent={Intent.DANGER} role="alert">
            {failure ?? t(job?.error ?? 'risk.backtestFailed', { ns: 'errors' })}
          </Callout>
        ) : running ? (
          <section className="dms-risk__backtest-progress" aria-label={t('backtest.progress')}>
            <p>
              {job?.phase === 'replaying'
                ? t('backtest.replaying', {
                    done: formatCount(job.roundsDone),
                    total: formatCount(job.roundsTotal),
                  })
                : t('backtest.counting')}
            </p>
            <ProgressBar
              intent={Intent.PRIMARY}
              value={job?.phase === 'replaying' ? pct : undefined}
              aria-label={t('backtest.progress')}
              aria-valuenow={Math.round(pct * 100)}
            />
            <p className={Classes.TEXT_MUTED}>{t('backtest.percent', { pct: Math.floor(pct * 100) })}</p>
          </section>
        ) : job?.state === 'cancelled' ? (
          <Callout intent={Intent.WARNING} role="status">
            {t('backtest.cancelled')}
          </Callout>
        ) : job?.result ? (
          <BacktestTables result={job.result} />
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={
          running && jobId ? (
            <Button
              icon="stop"
              intent={Intent.DANGER}
              text={t('backtest.cancel')}
              loading={cancelling.isLoading}
              onClick={() => {
                void cancel(jobId)
                  .unwrap()
                  .then(() => status.refetch())
                  .catch((e: unknown) => setError(errorMessageOf(e)));
              }}
            />
          ) : (
            <Button text={t('backtest.close')} onClick={close} />
          )
        }
      />
    </Dialog>
  );
}

function BacktestTables({ result }: { result: BacktestResult }) {
  const { t } = useTranslation('risk');
  const mobile = useSelector(selectDevice) === 'mobile';
  const kindLabel = (k: BacktestKind) =>
    k === 'pair' || k === 'ring'
      ? t(`groupKind.${k}`)
      : k === 'provider'
        ? t('backtest.kind.provider')
        : t(`kind.${k}`);
  const cell = (
    current: BacktestLevelCounts,
    proposed: BacktestLevelCounts,
    level: (typeof LEVELS)[number],
  ) => {
    const delta = proposed[level] - current[level];
    return (
      <td className={`dms-risk__num${level === 'abnormal' ? ' dms-risk__split' : ''}`} key={`p-${level}`}>
        {delta === 0 ? (
          formatCount(proposed[level])
        ) : (
          <strong>
            {formatCount(proposed[level])}{' '}
            <span className={delta > 0 ? 'dms-risk__up' : 'dms-risk__down'}>
              ({delta > 0 ? '+' : ''}
              {formatCount(delta)})
            </span>
          </strong>
        )}
      </td>
    );
  };
  const quality: { key: string; value: (q: BacktestQuality) => string }[] = [
    { key: 'recall', value: (q) => formatRatio(q.recall) },
    { key: 'recallMiddle', value: (q) => formatRatio(q.recallMiddle) },
    { key: 'recallHigh', value: (q) => formatRatio(q.recallHigh) },
    { key: 'precision', value: (q) => formatRatio(q.precision) },
    { key: 'falseFlags', value: (q) => formatCount(q.falseFlags) },
    {
      key: 'medianRounds',
      value: (q) =>
        Number.isInteger(q.medianRoundsToDetection)
          ? formatCount(q.medianRoundsToDetection)
          : formatDecimal(q.medianRoundsToDetection),
    },
    {
      key: 'caught',
      value: (q) =>
        t('backtest.caughtValue', {
          pairs: q.pairsCaught,
          pairsTotal: result.injected.pairs,
          rings: q.ringsCaught,
          ringsTotal: result.injected.rings,
        }),
    },
  ];
  return (
    <div className="dms-risk__backtest-result">
      <p className={Classes.TEXT_MUTED}>
        {t('backtest.summary', {
          rounds: formatCount(result.rounds),
          bets: formatCount(result.bets),
          from: formatDate(result.from, '{y}-{m}-{d}'),
          to: formatDate(result.to, '{y}-{m}-{d}'),
        })}
      </p>
      <h4 className={Classes.HEADING}>{t('backtest.flagged')}</h4>
      {mobile ? (
        <CompactCounts result={result} kindLabel={kindLabel} />
      ) : (
        <div className="dms-risk__scroll" role="region" aria-label={t('backtest.flagged')} tabIndex={0}>
          <HTMLTable compact striped className="dms-risk__table" aria-label={t('backtest.flagged')}>
            <thead>
              <tr>
                <th scope="col" rowSpan={2}>
                  {t('col.groupKind')}
                </th>
                <th scope="colgroup" colSpan={3} className="dms-risk__group">
                  {t('backtest.current')}
                </th>
                <th scope="colgroup" colSpan={3} className="dms-risk__group dms-risk__split">
                  {t('backtest.proposed')}
                </th>
              </tr>
              <tr>
                {[...LEVELS, ...LEVELS].map((l, i) => (
                  <th
                    scope="col"
                    key={`${l}-${i}`}
                    className={`dms-risk__num${i === 3 ? ' dms-risk__split' : ''}`}
                  >
                    {t(LEVEL_LABEL[l])}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {BACKTEST_KINDS.map((k) => {
                const current = result.current.counts[k];
                const proposed = result.proposed.counts[k];
                return (
                  <tr key={k}>
                    <th scope="row">{kindLabel(k)}</th>
                    {LEVELS.map((l) => (
                      <td className="dms-risk__num" key={`c-${l}`}>
                        {formatCount(current[l])}
                      </td>
                    ))}
                    {LEVELS.map((l) => cell(current, proposed, l))}
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        </div>
      )}
      <h4 className={Classes.HEADING}>{t('backtest.quality')}</h4>
      <p className={Classes.TEXT_MUTED}>
        {result.injected.tables === 0
          ? t('backtest.noTables')
          : t('backtest.injected', {
              pairs: result.injected.pairs,
              rings: result.injected.rings,
              decoys: result.injected.decoys,
              tables: result.injected.tables,
            })}
      </p>
      <div className="dms-risk__scroll" role="region" aria-label={t('backtest.quality')} tabIndex={0}>
        <HTMLTable
          compact
          striped
          className="dms-risk__table dms-risk__quality"
          aria-label={t('backtest.quality')}
        >
          <thead>
            <tr>
              <th scope="col">{t('backtest.measure')}</th>
              <th scope="col" className="dms-risk__num">
                {t('backtest.current')}
              </th>
              <th scope="col" className="dms-risk__num">
                {t('backtest.proposed')}
              </th>
            </tr>
          </thead>
          <tbody>
            {quality.map((m) => (
              <tr key={m.key}>
                <th scope="row">{t(`backtest.q.${m.key}`)}</th>
                <td className="dms-risk__num">{m.value(result.current.quality)}</td>
                <td className="dms-risk__num">{m.value(result.proposed.quality)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      <ul className={`dms-risk__backtest-notes ${Classes.TEXT_MUTED}`}>
        <li>{t('backtest.note.counts')}</li>
        <li>{t('backtest.note.recall')}</li>
        <li>{t('backtest.note.precision')}</li>
        <li>{t('backtest.note.rounds')}</li>
      </ul>
    </div>
  );
}

/**
 * The counts on a phone: one column a level, each cell "current → proposed", so that both settings stay
 * side by side in 390 px.
 */
function CompactCounts({
  result,
  kindLabel,
}: {
  result: BacktestResult;
  kindLabel: (k: BacktestKind) => string;
}) {
  const { t } = useTranslation('risk');
  return (
    <>
      <p className={Classes.TEXT_MUTED}>{t('backtest.compactHint')}</p>
      <HTMLTable compact striped className="dms-risk__table" aria-label={t('backtest.flagged')}>
        <thead>
          <tr>
            <th scope="col">{t('col.groupKind')}</th>
            {LEVELS.map((l) => (
              <th scope="col" key={l} className="dms-risk__num">
                {t(LEVEL_LABEL[l])}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {BACKTEST_KINDS.map((k) => (
            <tr key={k}>
              <th scope="row">{kindLabel(k)}</th>
              {LEVELS.map((l) => {
                const before = result.current.counts[k][l];
                const after = result.proposed.counts[k][l];
                return (
                  <td className="dms-risk__num" key={l}>
                    {formatCount(before)} →{' '}
                    {before === after ? formatCount(after) : <strong>{formatCount(after)}</strong>}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </>
  );
}

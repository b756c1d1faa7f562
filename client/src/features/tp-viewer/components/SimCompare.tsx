import { Button, Classes, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { TpSimDetail } from '@dms/shared/contracts/http/teenPatti';
import { TEEN_PATTI_BETS } from '@dms/shared/games/teenPattiSim';
import { EnumValue } from '@/components/labels/EnumValue';
import { errorMessageOf } from '@/lib/api/baseQuery';
import { formatCount, formatRatioPrecise } from '@/lib/format/number';
import { useTpSimGetQuery } from '@/lib/api/teenPattiApi';

const CATEGORIES = [6, 5, 4, 3, 2, 1] as const;

const handShare = (s: TpSimDetail, c: number) => {
  const total = Object.values(s.summary.handCategories).reduce((a, b) => a + b, 0);
  return total ? (s.summary.handCategories[String(c)] ?? 0) / total : 0;
};
const winShare = (s: TpSimDetail, c: number) =>
  s.summary.rounds ? (s.summary.winnerCategories[String(c)] ?? 0) / s.summary.rounds : 0;

/** Two simulations side by side: parameters, each bet's RTP, hand and winning-hand frequencies, and theory. */
export function SimCompare({ a, b, onBack }: { a: number; b: number; onBack: () => void }) {
  const { t } = useTranslation('tpViewer');
  const qa = useTpSimGetQuery({ id: a });
  const qb = useTpSimGetQuery({ id: b });
  if ((qa.isError && !qa.data) || (qb.isError && !qb.data)) {
    return (
      <NonIdealState
        icon="error"
        title={t('loadFailed')}
        description={errorMessageOf(qa.error ?? qb.error)}
        action={<Button icon="arrow-left" text={t('back')} onClick={onBack} />}
      />
    );
  }
  const sa = qa.data;
  const sb = qb.data;
  if (!sa || !sb) {
    return (
      <div className="dms-loading" role="status">
        <Spinner size={30} />
      </div>
    );
  }
  const head = (
    <tr>
      <th scope="col" />
      <th scope="col" className="dms-num" translate="no">
        {sa.name}
      </th>
      <th scope="col" className="dms-num" translate="no">
        {sb.name}
      </th>
      <th scope="col" className="dms-num">
        {t('compare.theory')}
      </th>
    </tr>
  );
  return (
    <div className="dms-tpv__compare" data-testid="sim-compare">
      <div className="dms-tpv__detail-head">
        <Button icon="arrow-left" variant="minimal" text={t('back')} onClick={onBack} />
        <h3 className={Classes.HEADING}>{t('compare.title')}</h3>
      </div>
      <div className="dms-tpv__scroll">
        <HTMLTable compact striped className="dms-tpv__compare-table">
          <thead>{head}</thead>
          <tbody>
            <tr>
              <th scope="row">{t('list.seed')}</th>
              <td className="dms-num" translate="no">
                {sa.seed}
              </td>
              <td className="dms-num" translate="no">
                {sb.seed}
              </td>
              <td />
            </tr>
            <tr>
              <th scope="row">{t('list.players')}</th>
              <td className="dms-num">{sa.players}</td>
              <td className="dms-num">{sb.players}</td>
              <td />
            </tr>
            <tr>
              <th scope="row">{t('list.rounds')}</th>
              <td className="dms-num">{formatCount(sa.doneRounds)}</td>
              <td className="dms-num">{formatCount(sb.doneRounds)}</td>
              <td />
            </tr>
            <tr className="dms-tpv__group">
              <th scope="rowgroup" colSpan={4}>
                {t('compare.rtp')}
              </th>
            </tr>
            {TEEN_PATTI_BETS.map((bet) => (
              <tr key={bet} data-bet={bet}>
                <th scope="row">
                  <EnumValue name="betType" value={bet} />
                </th>
                <td className="dms-num">
                  {sa.bets[bet]?.staked ? formatRatioPrecise(sa.bets[bet]?.rtp) : '—'}
                </td>
                <td className="dms-num">
                  {sb.bets[bet]?.staked ? formatRatioPrecise(sb.bets[bet]?.rtp) : '—'}
                </td>
                <td className="dms-num">{formatRatioPrecise(sa.theory.bets[bet]?.rtp)}</td>
              </tr>
            ))}
            <tr className="dms-tpv__group">
              <th scope="rowgroup" colSpan={4}>
                {t('compare.hands')}
              </th>
            </tr>
            {CATEGORIES.map((c) => (
              <tr key={c}>
                <th scope="row">
                  <EnumValue name="teenPattiHand" value={c} />
                </th>
                <td className="dms-num">{formatRatioPrecise(handShare(sa, c))}</td>
                <td className="dms-num">{formatRatioPrecise(handShare(sb, c))}</td>
                <td className="dms-num">{formatRatioPrecise(sa.theory.handCategories[String(c)])}</td>
              </tr>
            ))}
            <tr className="dms-tpv__group">
              <th scope="rowgroup" colSpan={4}>
                {t('compare.winners')}
              </th>
            </tr>
            {CATEGORIES.map((c) => (
              <tr key={c}>
                <th scope="row">
                  <EnumValue name="teenPattiHand" value={c} />
                </th>
                <td className="dms-num">{formatRatioPrecise(winShare(sa, c))}</td>
                <td className="dms-num">{formatRatioPrecise(winShare(sb, c))}</td>
                <td />
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      <p className={Classes.TEXT_MUTED}>{t('compare.note')}</p>
    </div>
  );
}

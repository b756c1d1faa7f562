import './teenPatti.css';
import { Classes, HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { TpSimDetail } from '@dms/shared/contracts/http/teenPatti';
import { TEEN_PATTI_BETS } from '@dms/shared/games/teenPattiSim';
import { EnumValue } from '@/components/labels/EnumValue';
import { formatAmount, formatCount, formatRatioPrecise, NO_VALUE } from '@/lib/format/number';

const CATEGORIES = [6, 5, 4, 3, 2, 1] as const;
const RESULTS = ['player_a', 'player_b', 'tie'] as const;

/** Deviation of an observed share from its probability, in standard errors of `n` trials. */
function zScore(observed: number, p: number, n: number): number {
  if (n === 0 || p <= 0 || p >= 1) return 0;
  return (observed - p) / Math.sqrt((p * (1 - p)) / n);
}

/** A z-score with its sign, one decimal. */
const zText = (z: number) => `${z > 0 ? '+' : ''}${z.toFixed(1)}σ`;

/** Props of {@link SimFigures}. */
export interface SimFiguresProps {
  sim: TpSimDetail;
}

/**
 * What a simulation found against the exact odds: each bet's RTP and house edge beside theory (with a 95 %
 * range from the spread of its returns), every dealt hand by category (deviation in standard errors, marked
 * beyond 3), the winning hands, hand A against B, and the wins of each seat.
 */
export function SimFigures({ sim }: SimFiguresProps) {
  const { t } = useTranslation('tpSim');
  const s = sim.summary;
  const hands = Object.values(s.handCategories).reduce((a, b) => a + b, 0);
  return (
    <div className="dms-figures" data-testid="sim-figures">
      <section aria-label={t('bets.title')} className="dms-figures__wide">
        <h4 className={Classes.HEADING}>{t('bets.title')}</h4>
        <div className="dms-figures__scroll">
          <HTMLTable compact striped className="dms-figures__bets">
            <thead>
              <tr>
                <th scope="col">{t('bets.bet')}</th>
                <th scope="col" className="dms-num">
                  {t('bets.staked')}
                </th>
                <th scope="col" className="dms-num">
                  {t('bets.returned')}
                </th>
                <th scope="col" className="dms-num">
                  {t('bets.rtp')}
                </th>
                <th scope="col" className="dms-num">
                  {t('bets.theoryRtp')}
                </th>
                <th scope="col" className="dms-num">
                  {t('bets.houseEdge')}
                </th>
                <th scope="col" className="dms-num">
                  {t('bets.theoryEdge')}
                </th>
                <th scope="col" className="dms-num">
                  {t('bets.range')}
                </th>
              </tr>
            </thead>
            <tbody>
              {TEEN_PATTI_BETS.map((bet) => {
                const f = sim.bets[bet];
                const th = sim.theory.bets[bet];
                const placed = (f?.staked ?? 0) > 0;
                const off = placed && f && th && Math.abs(f.rtp - th.rtp) > 3 * f.stdError && f.stdError > 0;
                return (
                  <tr key={bet} data-bet={bet}>
                    <td>
                      <EnumValue name="betType" value={bet} />
                    </td>
                    <td className="dms-num">{placed ? formatAmount(f?.staked) : t('bets.notPlaced')}</td>
                    <td className="dms-num">{placed ? formatAmount(f?.returned) : NO_VALUE}</td>
                    <td className={`dms-num${off ? ' dms-figures__off' : ''}`} data-testid={`rtp-${bet}`}>
                      {placed ? formatRatioPrecise(f?.rtp) : NO_VALUE}
                    </td>
                    <td className="dms-num">{formatRatioPrecise(th?.rtp)}</td>
                    <td className="dms-num">{placed ? formatRatioPrecise(f?.houseEdge) : NO_VALUE}</td>
                    <td className="dms-num">{formatRatioPrecise(th?.houseEdge)}</td>
                    <td className="dms-num">
                      {placed && f ? `± ${formatRatioPrecise(1.96 * f.stdError)}` : NO_VALUE}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        </div>
        <p className={Classes.TEXT_MUTED}>{t('bets.note')}</p>
      </section>
      <section aria-label={t('hands.title')}>
        <h4 className={Classes.HEADING}>{t('hands.title')}</h4>
        <div className="dms-figures__scroll">
          <HTMLTable compact striped>
            <thead>
              <tr>
                <th scope="col">{t('hands.category')}</th>
                <th scope="col" className="dms-num">
                  {t('hands.count')}
                </th>
                <th scope="col" className="dms-num">
                  {t('hands.observed')}
                </th>
                <th scope="col" className="dms-num">
                  {t('hands.theory')}
                </th>
                <th scope="col" className="dms-num">
                  {t('hands.deviation')}
                </th>
              </tr>
            </thead>
            <tbody>
              {CATEGORIES.map((c) => {
                const n = s.handCategories[String(c)] ?? 0;
                const p = sim.theory.handCategories[String(c)] ?? 0;
                const share = hands ? n / hands : 0;
                const z = zScore(share, p, hands);
                return (
                  <tr key={c} data-category={c}>
                    <td>
                      <EnumValue name="teenPattiHand" value={c} />
                    </td>
                    <td className="dms-num">{formatCount(n)}</td>
                    <td className="dms-num">{formatRatioPrecise(share)}</td>
                    <td className="dms-num">{formatRatioPrecise(p)}</td>
                    <td className={`dms-num${Math.abs(z) > 3 ? ' dms-figures__off' : ''}`}>{zText(z)}</td>
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        </div>
      </section>
      <section aria-label={t('winners.title')}>
        <h4 className={Classes.HEADING}>{t('winners.title')}</h4>
        <HTMLTable compact striped>
          <thead>
            <tr>
              <th scope="col">{t('hands.category')}</th>
              <th scope="col" className="dms-num">
                {t('winners.rounds')}
              </th>
              <th scope="col" className="dms-num">
                {t('hands.observed')}
              </th>
            </tr>
          </thead>
          <tbody>
            {CATEGORIES.map((c) => {
              const n = s.winnerCategories[String(c)] ?? 0;
              return (
                <tr key={c}>
                  <td>
                    <EnumValue name="teenPattiHand" value={c} />
                  </td>
                  <td className="dms-num">{formatCount(n)}</td>
                  <td className="dms-num">{formatRatioPrecise(s.rounds ? n / s.rounds : 0)}</td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      </section>
      <section aria-label={t('results.title')}>
        <h4 className={Classes.HEADING}>{t('results.title')}</h4>
        <HTMLTable compact striped>
          <thead>
            <tr>
              <th scope="col">{t('results.result')}</th>
              <th scope="col" className="dms-num">
                {t('winners.rounds')}
              </th>
              <th scope="col" className="dms-num">
                {t('hands.observed')}
              </th>
              <th scope="col" className="dms-num">
                {t('hands.theory')}
              </th>
            </tr>
          </thead>
          <tbody>
            {RESULTS.map((r) => (
              <tr key={r}>
                <td>
                  <EnumValue name="betType" value={r} />
                </td>
                <td className="dms-num">{formatCount(s.results[r])}</td>
                <td className="dms-num">{formatRatioPrecise(s.rounds ? s.results[r] / s.rounds : 0)}</td>
                <td className="dms-num">{formatRatioPrecise(sim.theory.results[r])}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        <h4 className={Classes.HEADING}>{t('seats.title')}</h4>
        <HTMLTable compact striped>
          <thead>
            <tr>
              <th scope="col">{t('seats.seat')}</th>
              <th scope="col" className="dms-num">
                {t('seats.wins')}
              </th>
              <th scope="col" className="dms-num">
                {t('hands.observed')}
              </th>
            </tr>
          </thead>
          <tbody>
            {s.seatWins.map((n, i) => (
              <tr key={i}>
                <td>{t('seats.seatN', { seat: i + 1 })}</td>
                <td className="dms-num">{formatCount(n)}</td>
                <td className="dms-num">{formatRatioPrecise(s.rounds ? n / s.rounds : 0)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        <p className={Classes.TEXT_MUTED}>{t('seats.splits', { count: s.splits })}</p>
      </section>
    </div>
  );
}

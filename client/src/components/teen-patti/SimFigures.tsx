import './teenPatti.css';
import { Classes, HTMLTable } from '@blueprintjs/core';
import type { ReactNode } from 'react';
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

/** One column of a figures table: its heading and, for each row, its cell. */
interface Column<R> {
  head: string;
  /** A figure, aligned right. */
  num?: boolean;
  cell: (row: R) => ReactNode;
  /** Marks the cell as off theory. */
  off?: (row: R) => boolean;
  testId?: (row: R) => string;
}

/** A compact striped table of rows described by their columns (the first column names the row). */
function FigureTable<R>({
  columns,
  rows,
  rowKey,
  rowData,
  className,
}: {
  columns: Column<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string | number;
  /** The row's `data-*` attributes, for tests and styles. */
  rowData?: (row: R) => Record<`data-${string}`, string | number>;
  className?: string;
}) {
  return (
    <HTMLTable compact striped className={className}>
      <thead>
        <tr>
          {columns.map((c, i) => (
            <th key={i} scope="col" className={c.num ? 'dms-num' : undefined}>
              {c.head}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} {...rowData?.(row)}>
            {columns.map((c, i) => (
              <td
                key={i}
                className={
                  [c.num && 'dms-num', c.off?.(row) && 'dms-figures__off'].filter(Boolean).join(' ') ||
                  undefined
                }
                data-testid={c.testId?.(row)}
              >
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

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
  /** A count and its share of the rounds. */
  const ofRounds = (n: number) => formatRatioPrecise(s.rounds ? n / s.rounds : 0);

  const bets = TEEN_PATTI_BETS.map((bet) => {
    const f = sim.bets[bet];
    const th = sim.theory.bets[bet];
    const placed = (f?.staked ?? 0) > 0;
    const off = Boolean(placed && f && th && Math.abs(f.rtp - th.rtp) > 3 * f.stdError && f.stdError > 0);
    return { bet, f, th, placed, off };
  });
  type BetRow = (typeof bets)[number];
  const betColumns: Column<BetRow>[] = [
    { head: t('bets.bet'), cell: (r) => <EnumValue name="betType" value={r.bet} /> },
    {
      head: t('bets.staked'),
      num: true,
      cell: (r) => (r.placed ? formatAmount(r.f?.staked) : t('bets.notPlaced')),
    },
    { head: t('bets.returned'), num: true, cell: (r) => (r.placed ? formatAmount(r.f?.returned) : NO_VALUE) },
    {
      head: t('bets.rtp'),
      num: true,
      cell: (r) => (r.placed ? formatRatioPrecise(r.f?.rtp) : NO_VALUE),
      off: (r) => r.off,
      testId: (r) => `rtp-${r.bet}`,
    },
    { head: t('bets.theoryRtp'), num: true, cell: (r) => formatRatioPrecise(r.th?.rtp) },
    {
      head: t('bets.houseEdge'),
      num: true,
      cell: (r) => (r.placed ? formatRatioPrecise(r.f?.houseEdge) : NO_VALUE),
    },
    { head: t('bets.theoryEdge'), num: true, cell: (r) => formatRatioPrecise(r.th?.houseEdge) },
    {
      head: t('bets.range'),
      num: true,
      cell: (r) => (r.placed && r.f ? `± ${formatRatioPrecise(1.96 * r.f.stdError)}` : NO_VALUE),
    },
  ];

  const dealt = CATEGORIES.map((c) => {
    const n = s.handCategories[String(c)] ?? 0;
    const p = sim.theory.handCategories[String(c)] ?? 0;
    const share = hands ? n / hands : 0;
    return { c, n, p, share, z: zScore(share, p, hands) };
  });
  const category = (r: { c: (typeof CATEGORIES)[number] }) => <EnumValue name="teenPattiHand" value={r.c} />;
  const handColumns: Column<(typeof dealt)[number]>[] = [
    { head: t('hands.category'), cell: category },
    { head: t('hands.count'), num: true, cell: (r) => formatCount(r.n) },
    { head: t('hands.observed'), num: true, cell: (r) => formatRatioPrecise(r.share) },
    { head: t('hands.theory'), num: true, cell: (r) => formatRatioPrecise(r.p) },
    { head: t('hands.deviation'), num: true, cell: (r) => zText(r.z), off: (r) => Math.abs(r.z) > 3 },
  ];

  const winners = CATEGORIES.map((c) => ({ c, n: s.winnerCategories[String(c)] ?? 0 }));
  const winnerColumns: Column<(typeof winners)[number]>[] = [
    { head: t('hands.category'), cell: category },
    { head: t('winners.rounds'), num: true, cell: (r) => formatCount(r.n) },
    { head: t('hands.observed'), num: true, cell: (r) => ofRounds(r.n) },
  ];

  const resultColumns: Column<(typeof RESULTS)[number]>[] = [
    { head: t('results.result'), cell: (r) => <EnumValue name="betType" value={r} /> },
    { head: t('winners.rounds'), num: true, cell: (r) => formatCount(s.results[r]) },
    { head: t('hands.observed'), num: true, cell: (r) => ofRounds(s.results[r]) },
    { head: t('hands.theory'), num: true, cell: (r) => formatRatioPrecise(sim.theory.results[r]) },
  ];

  const seats = s.seatWins.map((n, i) => ({ seat: i + 1, n }));
  const seatColumns: Column<(typeof seats)[number]>[] = [
    { head: t('seats.seat'), cell: (r) => t('seats.seatN', { seat: r.seat }) },
    { head: t('seats.wins'), num: true, cell: (r) => formatCount(r.n) },
    { head: t('hands.observed'), num: true, cell: (r) => ofRounds(r.n) },
  ];

  return (
    <div className="dms-figures" data-testid="sim-figures">
      <section aria-label={t('bets.title')} className="dms-figures__wide">
        <h4 className={Classes.HEADING}>{t('bets.title')}</h4>
        <div className="dms-figures__scroll">
          <FigureTable
            columns={betColumns}
            rows={bets}
            rowKey={(r) => r.bet}
            rowData={(r) => ({ 'data-bet': r.bet })}
            className="dms-figures__bets"
          />
        </div>
        <p className={Classes.TEXT_MUTED}>{t('bets.note')}</p>
      </section>
      <section aria-label={t('hands.title')}>
        <h4 className={Classes.HEADING}>{t('hands.title')}</h4>
        <div className="dms-figures__scroll">
          <FigureTable
            columns={handColumns}
            rows={dealt}
            rowKey={(r) => r.c}
            rowData={(r) => ({ 'data-category': r.c })}
          />
        </div>
      </section>
      <section aria-label={t('winners.title')}>
        <h4 className={Classes.HEADING}>{t('winners.title')}</h4>
        <FigureTable columns={winnerColumns} rows={winners} rowKey={(r) => r.c} />
      </section>
      <section aria-label={t('results.title')}>
        <h4 className={Classes.HEADING}>{t('results.title')}</h4>
        <FigureTable columns={resultColumns} rows={RESULTS} rowKey={(r) => r} />
        <h4 className={Classes.HEADING}>{t('seats.title')}</h4>
        <FigureTable columns={seatColumns} rows={seats} rowKey={(r) => r.seat} />
        <p className={Classes.TEXT_MUTED}>{t('seats.splits', { count: s.splits })}</p>
      </section>
    </div>
  );
}

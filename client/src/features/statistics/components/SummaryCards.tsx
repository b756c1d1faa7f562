import {
  Card,
  Classes,
  NonIdealState,
  SegmentedControl,
  type IconName,
  Icon,
  Button,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Headline, Summary } from '@dms/shared/contracts/http/stats';
import { formatAmountShort, formatShort } from '@/lib/format/number';
import { formatAmount, formatCount, formatRatio } from '../format';

type Figure = keyof Headline;

interface CardDef {
  key: Figure;
  kind: 'money' | 'count' | 'ratio';
  icon: IconName;
}

/** The headline figures, in reading order. */
const CARDS: readonly CardDef[] = [
  { key: 'turnover', kind: 'money', icon: 'bank-account' },
  { key: 'payout', kind: 'money', icon: 'export' },
  { key: 'ggr', kind: 'money', icon: 'dollar' },
  { key: 'margin', kind: 'ratio', icon: 'percentage' },
  { key: 'bets', kind: 'count', icon: 'layers' },
  { key: 'activePlayers', kind: 'count', icon: 'people' },
  { key: 'registrations', kind: 'count', icon: 'new-person' },
  { key: 'logins', kind: 'count', icon: 'log-in' },
  { key: 'transferIn', kind: 'money', icon: 'import' },
  { key: 'transferOut', kind: 'money', icon: 'export' },
  { key: 'bonus', kind: 'money', icon: 'gift-box' },
  { key: 'prize', kind: 'money', icon: 'trophy' },
];

const ZERO: Headline = {
  turnover: 0,
  payout: 0,
  ggr: 0,
  margin: null,
  bets: 0,
  activePlayers: 0,
  registrations: 0,
  logins: 0,
  transferIn: 0,
  transferOut: 0,
  bonus: 0,
  prize: 0,
};

/** Props of {@link SummaryCards}. */
export interface SummaryCardsProps {
  /** The chosen currencies, in the order the switch offers them. */
  currencies: readonly string[];
  /** The currency the cards show (one of `currencies`). */
  currency: string;
  onCurrency: (currency: string) => void;
  data: Summary | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
}

/** A money figure short ("1.23M CNY") for the card, with the full amount below. */
function moneyText(minor: number, currency: string): { main: string; full: string } {
  return {
    main: formatAmountShort(minor, currency),
    full: formatAmount(minor, currency),
  };
}

/**
 * The headline figures of the chosen range: turnover, payout, GGR, margin, bets, active players,
 * registrations, logins, transfers in and out, bonus and prize. Money of different currencies is never
 * added up on a card: with several currencies chosen a switch picks the currency the cards show.
 */
export function SummaryCards({
  currencies,
  currency,
  onCurrency,
  data,
  loading,
  error,
  onRetry,
}: SummaryCardsProps) {
  const { t } = useTranslation('statistics');
  const single = currencies.length === 1;
  const row: Headline | undefined = data
    ? single
      ? data.totals
      : (data.byCurrency.find((c) => c.currency === currency) ?? ZERO)
    : undefined;

  if (error && !data) {
    return (
      <NonIdealState
        icon="error"
        title={t('table.loadFailed')}
        action={<Button icon="refresh" text={t('table.retry')} onClick={onRetry} />}
      />
    );
  }

  return (
    <div className="dms-summary">
      {!single && (
        <div className="dms-summary__currencies">
          <span className={Classes.TEXT_MUTED}>{t('summary.currencyShown')}</span>
          <div className="dms-summary__switch">
            <SegmentedControl
              size="small"
              options={currencies.map((c) => ({ label: c, value: c }))}
              value={currency}
              onValueChange={onCurrency}
            />
          </div>
        </div>
      )}
      <div className="dms-summary__grid" aria-busy={loading || undefined}>
        {CARDS.map((card) => {
          const value = row?.[card.key];
          let main = '';
          let full: string | undefined;
          if (row) {
            if (card.kind === 'money') ({ main, full } = moneyText(value as number, currency));
            else if (card.kind === 'ratio') main = formatRatio(value as number | null);
            else {
              main = formatShort(value as number);
              full = formatCount(value as number);
              if (full === main) full = undefined;
            }
          }
          const negative = typeof value === 'number' && value < 0;
          return (
            <Card key={card.key} className="dms-summary__card" data-figure={card.key}>
              <div className="dms-summary__label">
                <Icon icon={card.icon} size={14} aria-hidden />
                <span>{t(`summary.${card.key}`)}</span>
              </div>
              <div
                className={[
                  'dms-summary__value',
                  negative ? 'dms-stats__neg' : '',
                  !row ? Classes.SKELETON : '',
                ].join(' ')}
                title={full}
              >
                {row ? main : '0000'}
              </div>
              <div className="dms-summary__sub">{row && full ? full : null}</div>
            </Card>
          );
        })}
      </div>
    </div>
  );
}

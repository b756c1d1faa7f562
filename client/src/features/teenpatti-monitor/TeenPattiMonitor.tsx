import './teenPattiMonitor.css';
import { Classes } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { MonitorPanel } from '@/components/monitor/MonitorPanel';
import { MonitorSummary } from '@/components/monitor/MonitorSummary';
import { OnScreen } from '@/components/monitor/OnScreen';
import { TablesFallback } from '@/components/monitor/TablesFallback';
import { FINDINGS_FLOOR_MS } from '@/components/monitor/panelClock';
import { formatAmountShort, formatCount } from '@/lib/format/number';
import { selectColorScheme } from '@/lib/settings/settingsSlice';
import { BigWins } from './components/BigWins';
import { Distribution } from './components/Distribution';
import { Groups } from './components/Groups';
import { Players } from './components/Players';
import { RoundsChart } from './components/RoundsChart';
import { TableCard } from './components/TableCard';
import { PANEL_FLOOR_MS } from './state/tpModel';
import { selectTpClocks, selectTpSummary, selectTpTables } from './state/tpSlice';
import { useTpFeed } from './state/useTpFeed';

/** Props of {@link TeenPattiMonitor}. */
export interface TeenPattiMonitorProps {
  /** `console`: the page in the shell. `wall`: a wall screen — dark, large type, each panel showing its freshness. */
  variant: 'console' | 'wall';
}

/**
 * The Teen Patti analysis monitor: every live Teen Patti table of the account's providers (round in play,
 * Player A / Player B / Tie / Pair Plus stakes, players), rounds settled per minute, the hand ranks seen
 * against their theoretical odds (in standard errors), the players' win rates and RTP, the biggest wins, and
 * the cross-bets of hand A against hand B. Fed from `/live/tables?gameId=2` and the stored groups, then the
 * live channel in batches. The console page and the wall screen both render it.
 */
export function TeenPattiMonitor({ variant }: TeenPattiMonitorProps) {
  const { t } = useTranslation('tpMonitor');
  const wall = variant === 'wall';
  const feed = useTpFeed();
  const tables = useSelector(selectTpTables);
  const summary = useSelector(selectTpSummary);
  const clocks = useSelector(selectTpClocks);
  const scheme = useSelector(selectColorScheme);

  let grid: ReactNode;
  if (tables.length > 0)
    grid = (
      <div className="dms-tpm__grid">
        {tables.map((table) => (
          <OnScreen key={table.tableId}>
            <TableCard table={table} />
          </OnScreen>
        ))}
      </div>
    );
  else
    grid = (
      <TablesFallback
        loading={feed.loading}
        failed={feed.failed}
        wall={wall}
        onRetry={feed.retry}
        ns="tpMonitor"
      />
    );

  const figures: [string, string][] = [
    [t('summary.tables'), formatCount(summary.tables)],
    [t('summary.open'), formatCount(summary.open)],
    [t('summary.stake'), formatAmountShort(summary.stake)],
    [t('summary.players'), formatCount(summary.players)],
  ];

  return (
    <div className={`dms-mon dms-tpm is-${variant}${wall ? ` ${Classes.DARK}` : ''}`} data-variant={variant}>
      {wall && <h1 className="dms-mon__wall-title">{t('wall.title')}</h1>}
      <MonitorSummary figures={figures} />
      <div className="dms-tpm__body">
        <MonitorPanel
          title={t('tables.title')}
          clock={clocks.tables}
          floorMs={PANEL_FLOOR_MS}
          wall={wall}
          className="dms-tpm__tables"
        >
          {grid}
        </MonitorPanel>
        <MonitorPanel
          title={t('chart.title')}
          clock={clocks.chart}
          floorMs={PANEL_FLOOR_MS}
          wall={wall}
          className="dms-tpm__chart"
        >
          <RoundsChart dark={wall || scheme === 'dark'} large={wall} height={wall ? 260 : 200} />
        </MonitorPanel>
        <MonitorPanel
          title={t('dist.title')}
          clock={clocks.chart}
          floorMs={PANEL_FLOOR_MS}
          wall={wall}
          className="dms-tpm__distribution"
        >
          <Distribution />
        </MonitorPanel>
        <MonitorPanel
          title={t('players.title')}
          clock={clocks.chart}
          floorMs={PANEL_FLOOR_MS}
          wall={wall}
          className="dms-tpm__players"
        >
          <Players wall={wall} />
        </MonitorPanel>
        <MonitorPanel
          title={t('wins.title')}
          clock={clocks.chart}
          floorMs={PANEL_FLOOR_MS}
          wall={wall}
          className="dms-tpm__wins-panel"
        >
          <BigWins wall={wall} />
        </MonitorPanel>
        <MonitorPanel
          title={t('groups.title')}
          clock={clocks.groups}
          wall={wall}
          className="dms-tpm__groups-panel"
          floorMs={FINDINGS_FLOOR_MS}
        >
          <Groups wall={wall} />
        </MonitorPanel>
      </div>
    </div>
  );
}

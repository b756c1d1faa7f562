import './baccaratMonitor.css';
import { Classes } from '@blueprintjs/core';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useScopeOptions } from '@/components/filters/useScopeOptions';
import { MonitorPanel } from '@/components/monitor/MonitorPanel';
import { MonitorSummary } from '@/components/monitor/MonitorSummary';
import { OnScreen } from '@/components/monitor/OnScreen';
import { TablesFallback } from '@/components/monitor/TablesFallback';
import { FINDINGS_FLOOR_MS } from '@/components/monitor/panelClock';
import { EvidenceDialog } from '@/components/risk/EvidenceDialog';
import { formatAmountShort, formatCount } from '@/lib/format/number';
import { selectColorScheme } from '@/lib/settings/settingsSlice';
import { GroupList } from './components/GroupList';
import { ReplayBanner } from './components/ReplayBanner';
import { ReplayBar } from './components/ReplayBar';
import { TableCard } from './components/TableCard';
import { VolumeChart } from './components/VolumeChart';
import { PANEL_FLOOR_MS } from './state/monitorModel';
import {
  selectClocks,
  selectMode,
  selectSummary,
  selectTableIds,
  selectWallTableIds,
} from './state/monitorSlice';
import { useMonitorFeed } from './state/useMonitorFeed';

/** Props of {@link BaccaratMonitor}. */
export interface BaccaratMonitorProps {
  /**
   * `console`: the page inside the shell, with the replay controls and the evidence rounds a click away.
   * `wall`: a wall screen — dark, large type, nothing to click, each panel showing its freshness.
   */
  variant: 'console' | 'wall';
}

/**
 * The baccarat cross-bet monitor: every live table of the account's providers (round in play, Banker /
 * Player / Tie stakes and players, the shoe's bead plate, the cross-bet pairs and rings on the round), a
 * live chart of cross-bet volume, and the list of pairs and rings. Fed from `/live/tables` and the stored
 * groups, then the live channel in batches; a replay of a period plays on it under a banner. The console
 * page and the wall-screen shell both render it.
 */
export function BaccaratMonitor({ variant }: BaccaratMonitorProps) {
  const { t } = useTranslation(['monitor', 'risk']);
  const wall = variant === 'wall';
  const feed = useMonitorFeed();
  const mode = useSelector(selectMode);
  const ids = useSelector(wall ? selectWallTableIds : selectTableIds);
  const summary = useSelector(selectSummary);
  const clocks = useSelector(selectClocks);
  const scheme = useSelector(selectColorScheme);
  const { providerName } = useScopeOptions();
  const [evidence, setEvidence] = useState<string>();
  const openGroup = useCallback((id: string) => setEvidence(id), []);

  // The grid is the same element while its tables are the same: a batch (which changes the summary and the
  // clocks above) does not re-render the 150 slots of a wall, only the cards whose tables changed.
  const grid = useMemo(
    () =>
      ids.length === 0 ? null : (
        <div className="dms-monitor__grid">
          {ids.map((id) => (
            <OnScreen key={id}>
              <TableCard
                tableId={id}
                providerName={providerName}
                wall={wall}
                onOpenGroup={wall ? undefined : openGroup}
              />
            </OnScreen>
          ))}
        </div>
      ),
    [ids, providerName, wall, openGroup],
  );
  let tables: ReactNode;
  if (grid) tables = grid;
  else
    tables = (
      <TablesFallback
        loading={feed.loading && mode === 'live'}
        failed={feed.failed && mode === 'live'}
        wall={wall}
        onRetry={feed.retry}
        ns="monitor"
      />
    );

  const figures: [string, string][] = [
    [t('summary.tables'), formatCount(summary.tables)],
    [t('summary.open'), formatCount(summary.open)],
    [t('summary.stake'), formatAmountShort(summary.stake)],
    [t('summary.players'), formatCount(summary.players)],
    [t('summary.pairs'), formatCount(summary.pairs)],
    [t('summary.rings'), formatCount(summary.rings)],
  ];

  return (
    <div
      className={`dms-mon dms-monitor is-${variant}${wall ? ` ${Classes.DARK}` : ''}${mode === 'replay' ? ' is-replay' : ''}`}
      data-variant={variant}
    >
      {wall && <h1 className="dms-mon__wall-title">{t('wall.title')}</h1>}
      {mode === 'replay' && <ReplayBanner />}
      {!wall && <ReplayBar />}
      <MonitorSummary figures={figures} />
      <div className="dms-monitor__body">
        <MonitorPanel
          title={t('tables.title')}
          clock={clocks.tables}
          floorMs={PANEL_FLOOR_MS}
          wall={wall}
          className="dms-monitor__tables"
        >
          {tables}
        </MonitorPanel>
        <div className="dms-monitor__side">
          <MonitorPanel
            title={t('chart.title')}
            clock={clocks.chart}
            floorMs={PANEL_FLOOR_MS}
            wall={wall}
            className="dms-monitor__chart"
          >
            <VolumeChart dark={wall || scheme === 'dark'} large={wall} height={wall ? 300 : 240} />
          </MonitorPanel>
          <MonitorPanel
            title={t('groups.title')}
            clock={clocks.groups}
            floorMs={FINDINGS_FLOOR_MS}
            wall={wall}
            className="dms-monitor__list"
          >
            <GroupList wall={wall} onOpen={openGroup} />
          </MonitorPanel>
        </div>
      </div>
      {!wall && <EvidenceDialog groupId={evidence} onClose={() => setEvidence(undefined)} />}
    </div>
  );
}

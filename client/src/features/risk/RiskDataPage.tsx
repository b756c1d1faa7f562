import './risk.css';
import { Button, Card, Classes, HTMLSelect, InputGroup, Intent, Tab, Tabs, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  CrossbetGroupRow,
  ManualRiskRow,
  RiskPlayerRow,
  RiskProviderRow,
} from '@dms/shared/contracts/http/risk';
import { formatDate } from '@dms/shared/format/date';
import { useScopeOptions } from '@/components/filters/useScopeOptions';
import { formatAmount, formatCount } from '@/lib/format/number';
import { ConfirmDeleteAlert } from '@/components/ConfirmDeleteAlert';
import { useListState } from '@/components/ListPage';
import {
  useManualRiskDeleteMutation,
  useManualRiskListQuery,
  useRiskGroupsQuery,
  useRiskPlayersQuery,
  useRiskProvidersQuery,
} from './api/riskApi';
import { DetailDrawer, type DetailSubject } from './components/DetailDrawer';
import { EvidenceDialog } from '@/components/risk/EvidenceDialog';
import { ManualDialog } from './components/ManualDialog';
import { LevelTag } from '@/components/risk/LevelTag';
import { RiskTable, type RiskColumn } from './components/RiskTable';

type TabId = 'players' | 'providers' | 'groups' | 'manual';

/**
 * Risk Data (route /riskdata/riskdata, code 8000): what the risk engine flagged — abnormal players and
 * providers with their reason and score, cross-bet pairs and rings with their evidence rounds — the manual
 * risk list, and two months of any flagged player's or provider's figures. Scoped to the account's providers.
 */
export function RiskDataPage() {
  const { t } = useTranslation('risk');
  const scope = useScopeOptions();
  const [portal, setPortal] = useState<HTMLElement | null>(null);
  const [tab, setTab] = useState<TabId>('players');
  const [level, setLevel] = useState('');
  const [provider, setProvider] = useState('');
  const [account, setAccount] = useState('');
  const [applied, setApplied] = useState({ level: '', provider: '', account: '' });
  const [detail, setDetail] = useState<DetailSubject>();
  const [evidence, setEvidence] = useState<string>();
  const [manualOpen, setManualOpen] = useState(false);
  const [editing, setEditing] = useState<ManualRiskRow>();
  const [toDelete, setToDelete] = useState<ManualRiskRow>();
  const [deleteManual, deleting] = useManualRiskDeleteMutation();
  const players = useListState();
  const providers = useListState();
  const groups = useListState();
  const manual = useListState();
  const filter = {
    level: applied.level || undefined,
    provider: applied.provider || undefined,
    account: applied.account || undefined,
  };
  const playersQ = useRiskPlayersQuery(
    { page: players.page, size: players.pageSize, ...filter },
    { skip: tab !== 'players', pollingInterval: 30_000 },
  );
  const providersQ = useRiskProvidersQuery(
    { page: providers.page, size: providers.pageSize, level: filter.level },
    { skip: tab !== 'providers', pollingInterval: 30_000 },
  );
  const groupsQ = useRiskGroupsQuery(
    { page: groups.page, size: groups.pageSize, ...filter },
    { skip: tab !== 'groups', pollingInterval: 30_000 },
  );
  const manualQ = useManualRiskListQuery(
    { page: manual.page, size: manual.pageSize, provider: filter.provider, account: filter.account },
    { skip: tab !== 'manual' },
  );
  const providerName = scope.providerName;

  /** The columns a flagged player and a flagged provider share, after their own identifying ones. */
  const findingColumns = <R extends RiskPlayerRow | RiskProviderRow>(
    subject: (r: R) => DetailSubject,
  ): RiskColumn<R>[] => [
    {
      key: 'kinds',
      title: t('col.kinds'),
      cell: (r) =>
        r.kinds.map((k) => (
          <Tag key={k} minimal className="dms-risk__kind">
            {t(`kind.${k}`)}
          </Tag>
        )),
    },
    { key: 'level', title: t('col.level'), cell: (r) => <LevelTag level={r.level} /> },
    { key: 'score', title: t('col.score'), numeric: true, cell: (r) => r.score.toFixed(1) },
    {
      key: 'reason',
      title: t('col.reason'),
      cell: (r) => <span className="dms-risk__reason">{r.reason}</span>,
    },
    { key: 'first', title: t('col.firstDetectedAt'), cell: (r) => formatDate(r.firstDetectedAt) },
    {
      key: 'actions',
      title: t('col.actions'),
      cell: (r) => (
        <Button
          size="small"
          variant="minimal"
          icon="timeline-line-chart"
          text={t('detail.open')}
          onClick={() => setDetail(subject(r))}
        />
      ),
    },
  ];
  const playerColumns: RiskColumn<RiskPlayerRow>[] = [
    { key: 'provider', title: t('col.provider'), cell: (r) => providerName(r.provider) },
    { key: 'account', title: t('col.account'), cell: (r) => <span translate="no">{r.account}</span> },
    ...findingColumns<RiskPlayerRow>((r) => ({
      provider: r.provider,
      account: r.account,
      title: `${providerName(r.provider)} · ${r.account}`,
    })),
  ];
  const providerColumns: RiskColumn<RiskProviderRow>[] = [
    { key: 'provider', title: t('col.provider'), cell: (r) => providerName(r.provider) },
    ...findingColumns<RiskProviderRow>((r) => ({ provider: r.provider, title: providerName(r.provider) })),
  ];
  const groupColumns: RiskColumn<CrossbetGroupRow>[] = [
    { key: 'kind', title: t('col.groupKind'), cell: (r) => t(`groupKind.${r.kind}`) },
    {
      key: 'members',
      title: t('col.members'),
      cell: (r) => (
        <span className="dms-risk__members" translate="no">
          {r.members.map((m) => `${providerName(m.provider)} · ${m.account}`).join(', ')}
        </span>
      ),
    },
    { key: 'level', title: t('col.level'), cell: (r) => <LevelTag level={r.level} /> },
    { key: 'rounds', title: t('col.rounds'), numeric: true, cell: (r) => formatCount(r.rounds) },
    { key: 'turnover', title: t('col.turnover'), numeric: true, cell: (r) => formatAmount(r.turnover) },
    { key: 'tables', title: t('col.tables'), cell: (r) => <span translate="no">{r.tables.join(', ')}</span> },
    { key: 'first', title: t('col.firstDetectedAt'), cell: (r) => formatDate(r.firstDetectedAt) },
    { key: 'last', title: t('col.lastSeenAt'), cell: (r) => formatDate(r.lastSeenAt) },
    {
      key: 'actions',
      title: t('col.actions'),
      cell: (r) => (
        <Button
          size="small"
          variant="minimal"
          icon="search-template"
          text={t('evidence.open')}
          onClick={() => setEvidence(r.id)}
        />
      ),
    },
  ];
  const manualColumns: RiskColumn<ManualRiskRow>[] = [
    { key: 'account', title: t('col.account'), cell: (r) => <span translate="no">{r.account}</span> },
    { key: 'provider', title: t('col.provider'), cell: (r) => providerName(r.provider) },
    { key: 'type', title: t('col.riskType'), cell: (r) => <LevelTag level={r.riskType} /> },
    { key: 'by', title: t('col.createdBy'), cell: (r) => <span translate="no">{r.createdBy}</span> },
    { key: 'at', title: t('col.createdAt'), cell: (r) => formatDate(r.createdAt) },
    {
      key: 'actions',
      title: t('col.actions'),
      cell: (r) => (
        <>
          <Button
            size="small"
            variant="minimal"
            icon="edit"
            aria-label={t('manual.editAria', { account: r.account })}
            title={t('manual.edit')}
            onClick={() => {
              setEditing(r);
              setManualOpen(true);
            }}
          />
          <Button
            size="small"
            variant="minimal"
            intent={Intent.DANGER}
            icon="trash"
            aria-label={t('manual.deleteAria', { account: r.account })}
            title={t('manual.delete')}
            onClick={() => setToDelete(r)}
          />
        </>
      ),
    },
  ];

  const table = <T,>(
    q: {
      data?: { items: T[]; total: number } | undefined;
      isLoading: boolean;
      isFetching: boolean;
      error?: unknown;
      refetch: () => unknown;
    },
    paging: ReturnType<typeof useListState>,
    columns: RiskColumn<T>[],
    rowKey: (r: T) => string,
    label: string,
  ) => (
    <RiskTable
      label={label}
      columns={columns}
      rows={q.data?.items}
      rowKey={rowKey}
      total={q.data?.total ?? 0}
      page={paging.page}
      size={paging.pageSize}
      onPage={paging.setPage}
      onSize={paging.setPageSize}
      loading={q.isLoading}
      fetching={q.isFetching}
      error={q.error}
      onRetry={() => void q.refetch()}
      empty={t('empty')}
      emptyHint={t('emptyHint')}
    />
  );

  return (
    <div className="dms-page dms-risk" ref={setPortal}>
      <Card className="dms-risk__card">
        <div className="dms-risk__head">
          <div>
            <h2 className={Classes.HEADING}>{t('data.title')}</h2>
            <p className={Classes.TEXT_MUTED}>{t('data.subtitle')}</p>
          </div>
          {tab === 'manual' && (
            <Button
              icon="add"
              intent={Intent.PRIMARY}
              text={t('manual.add')}
              onClick={() => {
                setEditing(undefined);
                setManualOpen(true);
              }}
            />
          )}
        </div>
        <form
          className="dms-filter dms-risk__filter"
          role="search"
          aria-label={t('filter.label')}
          onSubmit={(e) => {
            e.preventDefault();
            setApplied({ level, provider, account: account.trim() });
            players.setPage(1);
            providers.setPage(1);
            groups.setPage(1);
            manual.setPage(1);
          }}
        >
          <HTMLSelect
            aria-label={t('col.level')}
            value={level}
            onChange={(e) => setLevel(e.currentTarget.value)}
            options={[
              { value: '', label: t('filter.allLevels') },
              { value: '1', label: t('level.1') },
              { value: '2', label: t('level.2') },
              { value: '3', label: t('level.3') },
            ]}
          />
          <HTMLSelect
            aria-label={t('col.provider')}
            value={provider}
            onChange={(e) => setProvider(e.currentTarget.value)}
            options={[
              { value: '', label: t('filter.allProviders') },
              ...scope.providers.map((p) => ({ value: String(p.id), label: p.name })),
            ]}
          />
          <InputGroup
            aria-label={t('col.account')}
            placeholder={t('filter.account')}
            value={account}
            maxLength={64}
            onChange={(e) => setAccount(e.currentTarget.value)}
          />
          <Button type="submit" icon="search" intent={Intent.PRIMARY} text={t('filter.search')} />
        </form>
        <Tabs
          id="dms-risk-tabs"
          selectedTabId={tab}
          onChange={(id) => setTab(id as TabId)}
          renderActiveTabPanelOnly
        >
          <Tab
            id="players"
            title={t('tab.players')}
            panel={table(
              playersQ,
              players,
              playerColumns,
              (r) => `${r.provider}:${r.account}`,
              t('tab.players'),
            )}
          />
          <Tab
            id="providers"
            title={t('tab.providers')}
            panel={table(
              providersQ,
              providers,
              providerColumns,
              (r) => String(r.provider),
              t('tab.providers'),
            )}
          />
          <Tab
            id="groups"
            title={t('tab.groups')}
            panel={table(groupsQ, groups, groupColumns, (r) => r.id, t('tab.groups'))}
          />
          <Tab
            id="manual"
            title={t('tab.manual')}
            panel={table(manualQ, manual, manualColumns, (r) => String(r.id), t('tab.manual'))}
          />
        </Tabs>
      </Card>
      {portal && (
        <>
          <DetailDrawer subject={detail} onClose={() => setDetail(undefined)} portalContainer={portal} />
          <EvidenceDialog
            groupId={evidence}
            onClose={() => setEvidence(undefined)}
            portalContainer={portal}
          />
          <ManualDialog
            isOpen={manualOpen}
            editing={editing}
            onClose={() => setManualOpen(false)}
            portalContainer={portal}
          />
          <ConfirmDeleteAlert
            target={toDelete}
            remove={(row) => deleteManual({ id: row.id }).unwrap()}
            loading={deleting.isLoading}
            body={(row) => <p>{t('manual.deleteConfirm', { account: row?.account ?? '' })}</p>}
            successMessage={() => t('manual.deleted')}
            confirmText={t('manual.delete')}
            cancelText={t('cancel')}
            onClose={() => setToDelete(undefined)}
            portalContainer={portal}
          />
        </>
      )}
    </div>
  );
}

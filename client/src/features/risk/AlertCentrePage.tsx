import './risk.css';
import {
  Button,
  ButtonGroup,
  Card,
  Classes,
  HTMLSelect,
  Intent,
  Menu,
  MenuItem,
  Popover,
  Tag,
} from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import {
  ALERT_KINDS,
  ALERT_STATE_VALUES,
  type AlertActionBody,
  type AlertRow,
} from '@dms/shared/contracts/http/risk';
import { alertSubjectText } from '@dms/shared/domain/alertSubject';
import { PERM } from '@dms/shared/permissions/codes';
import { formatDate } from '@dms/shared/format/date';
import { useScopeOptions } from '@/components/filters/useScopeOptions';
import { useListState } from '@/components/ListPage';
import { selectRoles } from '@/lib/session/sessionSlice';
import { showSuccess } from '@/lib/notify/toaster';
import { useAlertActionMutation, useAlertListQuery } from './api/riskApi';
import { EvidenceDialog } from '@/components/risk/EvidenceDialog';
import { LevelTag } from '@/components/risk/LevelTag';
import { RiskTable, type RiskColumn } from './components/RiskTable';
import { useLiveAlertList } from './state/liveAlertList';

const STATE_INTENT: Record<string, Intent> = {
  open: Intent.DANGER,
  acknowledged: Intent.PRIMARY,
  snoozed: Intent.NONE,
  resolved: Intent.SUCCESS,
};
const HOUR = 3_600_000;

/**
 * The alert centre (route /risk/alerts, codes 3000 or 8000): every alert the risk engine raised within the
 * account's providers (cross-bet alerts only for an account with 3000 alone). An operator acknowledges,
 * assigns to themself, snoozes, resolves with an outcome (confirmed risk or false positive) and reopens;
 * each change is audited with who and when, and the evidence rounds of a cross-bet alert are one click away.
 * The list is live: new alerts appear and changes made elsewhere are applied as they happen.
 */
export function AlertCentrePage() {
  const { t } = useTranslation('risk');
  const scope = useScopeOptions();
  const roles = useSelector(selectRoles);
  const seesAll = roles.includes(PERM.RISK_DATA);
  const [portal, setPortal] = useState<HTMLElement | null>(null);
  const [filter, setFilter] = useState({ level: '', kind: '', state: 'open', provider: '' });
  const paging = useListState();
  const [evidence, setEvidence] = useState<string>();
  const [act, acting] = useAlertActionMutation();
  const list = useAlertListQuery(
    {
      page: paging.page,
      size: paging.pageSize,
      level: filter.level || undefined,
      kind: filter.kind || undefined,
      state: filter.state || undefined,
      provider: filter.provider || undefined,
    },
    // Kept live by the alert events; the slow poll only backs up a live channel that is down.
    { pollingInterval: 60_000 },
  );
  useLiveAlertList();
  const run = async (body: AlertActionBody) => {
    await act(body).unwrap();
    void showSuccess(t(`alert.done.${body.action}`));
  };
  const set = (patch: Partial<typeof filter>) => {
    setFilter({ ...filter, ...patch });
    paging.setPage(1);
  };
  const subjectOf = (a: AlertRow) => alertSubjectText(a.kind, a.subject, scope.providerName);
  const columns: RiskColumn<AlertRow>[] = [
    { key: 'id', title: '#', numeric: true, cell: (a) => a.id },
    { key: 'raised', title: t('col.raisedAt'), cell: (a) => formatDate(a.raisedAt) },
    { key: 'kind', title: t('col.alertKind'), cell: (a) => t(`alertKind.${a.kind}`) },
    { key: 'level', title: t('col.level'), cell: (a) => <LevelTag level={a.level} /> },
    {
      key: 'subject',
      title: t('col.subject'),
      cell: (a) => (
        <span className="dms-risk__members" translate="no">
          {subjectOf(a)}
        </span>
      ),
    },
    {
      key: 'state',
      title: t('col.state'),
      cell: (a) => (
        <Tag intent={STATE_INTENT[a.state] ?? Intent.NONE} minimal>
          {t(`state.${a.state}`)}
          {a.state === 'snoozed' && a.snoozedUntil ? ` → ${formatDate(a.snoozedUntil)}` : ''}
          {a.outcome ? ` · ${t(`outcome.${a.outcome}`)}` : ''}
        </Tag>
      ),
    },
    {
      key: 'assignee',
      title: t('col.assignee'),
      cell: (a) => <span translate="no">{a.assignee?.name ?? '—'}</span>,
    },
    {
      key: 'by',
      title: t('col.lastChange'),
      cell: (a) =>
        a.by ? <span translate="no">{`${a.by.name} · ${a.at ? formatDate(a.at) : ''}`}</span> : '—',
    },
    {
      key: 'actions',
      title: t('col.actions'),
      cell: (a) => (
        <div className="dms-risk__actions-cell">
          {a.kind === 'crossbet' && (
            <Button
              size="small"
              variant="minimal"
              icon="search-template"
              text={t('evidence.open')}
              onClick={() => setEvidence(a.subject)}
            />
          )}
          {a.state === 'resolved' ? (
            <Button
              size="small"
              variant="minimal"
              icon="undo"
              text={t('alert.reopen')}
              disabled={acting.isLoading}
              onClick={() => void run({ id: a.id, action: 'reopen' })}
            />
          ) : (
            <ButtonGroup variant="minimal">
              {a.state !== 'acknowledged' && (
                <Button
                  size="small"
                  icon="tick"
                  text={t('alert.acknowledge')}
                  disabled={acting.isLoading}
                  onClick={() => void run({ id: a.id, action: 'acknowledge' })}
                />
              )}
              <Button
                size="small"
                icon="person"
                text={t('alert.assignMe')}
                disabled={acting.isLoading}
                onClick={() => void run({ id: a.id, action: 'assign' })}
              />
              <Popover
                placement="bottom-end"
                content={
                  <Menu>
                    <MenuItem
                      icon="time"
                      text={t('alert.snooze1h')}
                      onClick={() => void run({ id: a.id, action: 'snooze', until: Date.now() + HOUR })}
                    />
                    <MenuItem
                      icon="time"
                      text={t('alert.snooze24h')}
                      onClick={() => void run({ id: a.id, action: 'snooze', until: Date.now() + 24 * HOUR })}
                    />
                    <MenuItem
                      icon="confirm"
                      intent={Intent.DANGER}
                      text={t('alert.resolveConfirmed')}
                      onClick={() => void run({ id: a.id, action: 'resolve', outcome: 'confirmed' })}
                    />
                    <MenuItem
                      icon="disable"
                      text={t('alert.resolveFalse')}
                      onClick={() => void run({ id: a.id, action: 'resolve', outcome: 'false_positive' })}
                    />
                  </Menu>
                }
              >
                <Button size="small" icon="more" aria-label={t('alert.more', { id: a.id })} />
              </Popover>
            </ButtonGroup>
          )}
        </div>
      ),
    },
  ];
  return (
    <div className="dms-page dms-risk" ref={setPortal}>
      <Card className="dms-risk__card">
        <div className="dms-risk__head">
          <div>
            <h2 className={Classes.HEADING}>{t('alerts.title')}</h2>
            <p className={Classes.TEXT_MUTED}>
              {seesAll ? t('alerts.subtitle') : t('alerts.subtitleCrossbet')}
            </p>
          </div>
        </div>
        <div className="dms-filter dms-risk__filter" role="search" aria-label={t('filter.label')}>
          <HTMLSelect
            aria-label={t('col.state')}
            value={filter.state}
            onChange={(e) => set({ state: e.currentTarget.value })}
            options={[
              { value: '', label: t('filter.allStates') },
              ...ALERT_STATE_VALUES.map((s) => ({ value: s, label: t(`state.${s}`) })),
            ]}
          />
          <HTMLSelect
            aria-label={t('col.level')}
            value={filter.level}
            onChange={(e) => set({ level: e.currentTarget.value })}
            options={[
              { value: '', label: t('filter.allLevels') },
              { value: '1', label: t('level.1') },
              { value: '2', label: t('level.2') },
              { value: '3', label: t('level.3') },
            ]}
          />
          {seesAll && (
            <HTMLSelect
              aria-label={t('col.alertKind')}
              value={filter.kind}
              onChange={(e) => set({ kind: e.currentTarget.value })}
              options={[
                { value: '', label: t('filter.allKinds') },
                ...ALERT_KINDS.map((k) => ({ value: k, label: t(`alertKind.${k}`) })),
              ]}
            />
          )}
          <HTMLSelect
            aria-label={t('col.provider')}
            value={filter.provider}
            onChange={(e) => set({ provider: e.currentTarget.value })}
            options={[
              { value: '', label: t('filter.allProviders') },
              ...scope.providers.map((p) => ({ value: String(p.id), label: p.name })),
            ]}
          />
          <Button
            icon="refresh"
            text={t('refresh')}
            loading={list.isFetching}
            onClick={() => void list.refetch()}
          />
        </div>
        <RiskTable
          label={t('alerts.title')}
          columns={columns}
          rows={list.data?.items}
          rowKey={(a) => String(a.id)}
          total={list.data?.total ?? 0}
          page={paging.page}
          size={paging.pageSize}
          onPage={paging.setPage}
          onSize={paging.setPageSize}
          loading={list.isLoading}
          fetching={list.isFetching}
          error={list.error}
          onRetry={() => void list.refetch()}
          empty={t('alerts.empty')}
          emptyHint={t('alerts.emptyHint')}
        />
      </Card>
      {portal && (
        <EvidenceDialog groupId={evidence} onClose={() => setEvidence(undefined)} portalContainer={portal} />
      )}
    </div>
  );
}

import { useEffect, useMemo, useState } from 'react';
import { Button, HTMLSelect, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { DisplayRow } from '@dms/shared/contracts/http/display';
import { relativeTime } from '@dms/shared/format/relativeTime';
import { PERM } from '@dms/shared/permissions/codes';
import { ConfirmDeleteAlert } from '@/components/ConfirmDeleteAlert';
import { ListPage, useListState } from '@/components/ListPage';
import { useProvidersQuery } from '@/lib/api/baseDataApi';
import { languageOf } from '@/lib/i18n/languages';
import { useDisplayListQuery, useDisplayRevokeMutation } from './api/displayAdminApi';
import { ApproveDialog } from './components/ApproveDialog';
import { RenameDialog } from './components/RenameDialog';
import { useNow } from '@/lib/time/useNow';
import { WALL_MONITORS } from './monitors/registry';

/** Each monitor code's label (route titles). */
const MONITOR_LABEL: Readonly<Record<string, string>> = {
  [PERM.BACCARAT_MONITOR]: 'route:bjlMonitor',
  [PERM.RISK_DATA]: 'route:riskData',
  [PERM.TEEN_PATTI_MONITOR]: 'route:teenPattiMonitor',
};

/** A display is "out of touch" when its last contact is older than this (a socket touches every minute). */
const OUT_OF_TOUCH_MS = 3 * 60_000;

/**
 * Wall screens (route /permission/display, account management 9002): approve the code a wall shows (also
 * opened by its QR code, `?code=`), list the walls with their role, providers, state and last contact,
 * rename and revoke them.
 */
export function WallScreensPage() {
  const { t, i18n } = useTranslation(['wall', 'route', 'common']);
  const lang = languageOf(i18n.language);
  const list = useListState();
  const [state, setState] = useState<'' | 'active' | 'revoked'>('');
  const [params, setParams] = useSearchParams();
  const scanned = params.get('code') ?? '';
  const [approving, setApproving] = useState<{ open: boolean; code: string }>({
    open: scanned !== '',
    code: scanned,
  });
  const [renaming, setRenaming] = useState<DisplayRow>();
  const [revoking, setRevoking] = useState<DisplayRow>();
  const [revoke, revokeState] = useDisplayRevokeMutation();
  const providers = useProvidersQuery();
  const providerName = useMemo(
    () => new Map((providers.data ?? []).map((p) => [p.id, p.name])),
    [providers.data],
  );
  const now = useNow(15_000);
  const query = useDisplayListQuery(
    { page: list.page, pageSize: list.pageSize, keyword: list.keyword, state: state || undefined },
    { pollingInterval: 30_000 },
  );

  // A scanned code opens the approval once; the address then forgets it.
  useEffect(() => {
    if (scanned === '') return;
    setApproving({ open: true, code: scanned });
    setParams({}, { replace: true });
  }, [scanned, setParams]);

  const monitors = (permission: string) =>
    permission === ''
      ? '—'
      : permission
          .split(',')
          .map((c) => (MONITOR_LABEL[c] ? t(MONITOR_LABEL[c]) : c))
          .join(', ');

  return (
    <ListPage<DisplayRow>
      id="wall-screens"
      title={t('console.title')}
      create={{
        icon: 'desktop',
        text: t('console.pairTitle'),
        onClick: () => setApproving({ open: true, code: '' }),
      }}
      state={list}
      searchLabel={t('console.keyword')}
      searchPlaceholder={t('console.keyword')}
      filters={
        <HTMLSelect
          aria-label={t('console.state')}
          value={state}
          onChange={(e) => {
            setState(e.currentTarget.value as typeof state);
            list.setPage(1);
          }}
          options={[
            { value: '', label: t('console.allStates') },
            { value: 'active', label: t('console.states.active') },
            { value: 'revoked', label: t('console.states.revoked') },
          ]}
        />
      }
      filtered={state !== ''}
      onReset={() => setState('')}
      query={query}
      empty={{
        noMatchTitle: t('console.noMatchTitle'),
        noMatch: t('console.noMatch'),
        clearText: t('console.clear'),
        title: t('console.empty'),
        description: t('console.emptyHint'),
      }}
      table={(rows) => (
        <div style={{ overflowX: 'auto' }}>
          <p className="bp6-text-muted" style={{ marginTop: 0 }}>
            {t('console.intro', {
              paths: Object.keys(WALL_MONITORS)
                .map((m) => `/wall/${m}`)
                .join(', '),
            })}
          </p>
          <HTMLTable compact striped style={{ width: '100%' }} data-testid="wall-screens-table">
            <thead>
              <tr>
                <th>{t('console.fields.name')}</th>
                <th>{t('console.fields.role')}</th>
                <th>{t('console.fields.permission')}</th>
                <th>{t('console.fields.providers')}</th>
                <th>{t('console.fields.state')}</th>
                <th>{t('console.fields.lastSeen')}</th>
                <th>{t('console.fields.approved')}</th>
                <th>{t('console.fields.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const outOfTouch =
                  row.state === 'active' &&
                  (row.lastSeenAt === null || now - row.lastSeenAt > OUT_OF_TOUCH_MS);
                return (
                  <tr key={row.id} data-testid="wall-screen-row" data-name={row.name}>
                    <td translate="no">
                      <strong>{row.name}</strong>
                      {row.label && row.label !== row.name && (
                        <div className="bp6-text-muted bp6-text-small">{row.label}</div>
                      )}
                    </td>
                    <td translate="no">{row.roleName || '—'}</td>
                    <td>{monitors(row.permission)}</td>
                    <td translate="no">{row.providers.map((id) => providerName.get(id) ?? id).join(', ')}</td>
                    <td>
                      <Tag minimal intent={row.state === 'active' ? Intent.SUCCESS : Intent.NONE}>
                        {t(`console.states.${row.state === 'revoked' ? 'revoked' : 'active'}`)}
                      </Tag>
                    </td>
                    <td
                      style={{
                        whiteSpace: 'nowrap',
                        color: outOfTouch ? 'var(--bp-intent-warning-rest, #c87619)' : undefined,
                      }}
                    >
                      {row.lastSeenAt === null ? t('console.never') : relativeTime(row.lastSeenAt, now, lang)}
                      {row.lastIp && (
                        <div className="bp6-text-muted bp6-text-small" translate="no">
                          {row.lastIp}
                        </div>
                      )}
                    </td>
                    <td style={{ whiteSpace: 'nowrap' }}>
                      {row.approvedAt === null ? '—' : relativeTime(row.approvedAt, now, lang)}
                      {row.approvedBy && (
                        <div className="bp6-text-muted bp6-text-small">
                          {t('console.by')} <span translate="no">{row.approvedBy}</span>
                        </div>
                      )}
                    </td>
                    <td style={{ whiteSpace: 'nowrap' }}>
                      {row.state === 'active' && (
                        <>
                          <Button
                            size="small"
                            variant="minimal"
                            icon="edit"
                            text={t('console.rename')}
                            onClick={() => setRenaming(row)}
                          />
                          <Button
                            size="small"
                            variant="minimal"
                            intent={Intent.DANGER}
                            icon="disable"
                            text={t('console.revoke')}
                            onClick={() => setRevoking(row)}
                          />
                        </>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        </div>
      )}
      dialogs={(portal) => (
        <>
          <ApproveDialog
            isOpen={approving.open}
            initialCode={approving.code}
            providers={providers.data ?? []}
            portal={portal}
            onClose={() => setApproving({ open: false, code: '' })}
          />
          <RenameDialog target={renaming} portal={portal} onClose={() => setRenaming(undefined)} />
          <ConfirmDeleteAlert<DisplayRow>
            target={revoking}
            remove={(row) => revoke({ id: row.id }).unwrap()}
            loading={revokeState.isLoading}
            body={(row) => t('console.revokeConfirm', { name: row?.name ?? '' })}
            successMessage={(row) => t('console.revoked', { name: row.name })}
            confirmText={t('console.revoke')}
            cancelText={t('console.cancel')}
            onClose={() => setRevoking(undefined)}
            portalContainer={portal}
          />
        </>
      )}
    />
  );
}

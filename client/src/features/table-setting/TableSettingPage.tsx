import './tableSetting.css';
import { useState } from 'react';
import { HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { GAME_IDS } from '@dms/shared/domain/games';
import { enumLabelText } from '@dms/shared/domain/labels';
import type { TableRow } from '@dms/shared/contracts/http/tables';
import { ListPage, useListState } from '@/components/ListPage';
import { languageOf } from '@/lib/i18n/languages';
import { showSuccess } from '@/lib/notify/toaster';
import { useTableEnabledMutation, useTableListQuery } from './api/tablesApi';
import { DeleteTableAlert } from './components/DeleteTableAlert';
import { GameTableList } from './components/GameTableList';
import { TableDialog, type TableDialogTarget } from './components/TableDialog';
import { UnconfiguredTables } from './components/UnconfiguredTables';

type Status = '' | 'enabled' | 'disabled';

/**
 * Table setting (route /gamesetting/tablesetting, code 13001): the game tables — game, the platform's table
 * id, name, icon, game type, enabled — searched and filtered by game and status, created, edited, switched
 * on and off and deleted; below them the tables the stored rounds name that are not configured, each one
 * adopted through the create dialog prefilled with its id and game.
 */
export function TableSettingPage() {
  const { t, i18n } = useTranslation('tables');
  const lang = languageOf(i18n.language);
  const list = useListState();
  const [game, setGame] = useState<number | ''>('');
  const [status, setStatus] = useState<Status>('');
  const [dialog, setDialog] = useState<TableDialogTarget>();
  const [toDelete, setToDelete] = useState<TableRow>();
  const [setEnabled, enabling] = useTableEnabledMutation();
  const [switching, setSwitching] = useState<number>();
  const query = useTableListQuery({
    page: list.page,
    pageSize: list.pageSize,
    keyword: list.keyword,
    gameId: game === '' ? undefined : game,
    enabled: status === '' ? undefined : status === 'enabled',
  });

  const toggle = async (row: TableRow, enabled: boolean) => {
    if (enabling.isLoading) return;
    setSwitching(row.id);
    try {
      await setEnabled({ id: row.id, enabled }).unwrap();
      void showSuccess(t(enabled ? 'toast.enabled' : 'toast.disabled', { tableId: row.tableId }));
    } catch {
      // The base query has shown the refusal.
    } finally {
      setSwitching(undefined);
    }
  };

  return (
    <div className="dms-table-setting">
      <ListPage
        id="table-setting"
        title={t('title')}
        create={{ icon: 'add', text: t('create'), onClick: () => setDialog({ mode: 'create' }) }}
        state={list}
        searchLabel={t('searchLabel')}
        searchPlaceholder={t('searchPlaceholder')}
        filtered={game !== '' || status !== ''}
        onReset={() => {
          setGame('');
          setStatus('');
        }}
        filters={
          <>
            <HTMLSelect
              aria-label={t('filters.game')}
              value={game === '' ? '' : String(game)}
              onChange={(e) => {
                setGame(e.currentTarget.value === '' ? '' : Number(e.currentTarget.value));
                list.setPage(1);
              }}
            >
              <option value="">{t('filters.allGames')}</option>
              {GAME_IDS.map((g) => (
                <option key={g} value={g}>
                  {enumLabelText('game', g, lang)}
                </option>
              ))}
            </HTMLSelect>
            <HTMLSelect
              aria-label={t('filters.status')}
              value={status}
              onChange={(e) => {
                setStatus(e.currentTarget.value as Status);
                list.setPage(1);
              }}
            >
              <option value="">{t('filters.all')}</option>
              <option value="enabled">{t('filters.enabled')}</option>
              <option value="disabled">{t('filters.disabled')}</option>
            </HTMLSelect>
          </>
        }
        query={query}
        empty={{
          noMatchTitle: t('empty.noMatchTitle'),
          noMatch: t('empty.noMatch'),
          clearText: t('empty.clear'),
          title: t('empty.title'),
          description: t('empty.description'),
        }}
        table={(rows, loading) => (
          <GameTableList
            rows={rows}
            loading={loading}
            switching={switching}
            onEdit={(table) => setDialog({ mode: 'edit', table })}
            onDelete={setToDelete}
            onEnabled={(row, enabled) => void toggle(row, enabled)}
          />
        )}
        dialogs={(portal) => (
          <>
            <TableDialog target={dialog} onClose={() => setDialog(undefined)} portalContainer={portal} />
            <DeleteTableAlert
              table={toDelete}
              onClose={() => setToDelete(undefined)}
              portalContainer={portal}
            />
          </>
        )}
      />
      <div className="dms-table-setting__unconfigured">
        <UnconfiguredTables
          onAdopt={(seen) => setDialog({ mode: 'adopt', gameId: seen.gameId, tableId: seen.tableId })}
        />
      </div>
    </div>
  );
}

import type { IconName } from '@blueprintjs/core';
import {
  DAILY_SORT_KEYS,
  OPERATOR_DAILY_SORT_KEYS,
  PLAYER_SORT_KEYS,
  RAW_SORT_KEYS,
  STATS_COLUMNS,
  STATS_TABLE_LABELS,
  type ExportLang,
  type StatsColumn,
  type StatsTable,
} from '@dms/shared/contracts/http/stats';
import type { StatsRow } from './api/statsApi';

/** How the workbench shows one statistics table. */
export interface TableDef {
  table: StatsTable;
  /** The table's name per language (the tab, and the export's title and file name). */
  label: Readonly<Record<ExportLang, string>>;
  icon: IconName;
  columns: readonly StatsColumn[];
  /** Columns the gateway sorts by (the contract's whitelist); their headers are clickable. */
  sortKeys: readonly string[];
  defaultSort: string;
  /** A raw-record table, paged by the keyset `cursor` when moving forward. */
  keyset: boolean;
  /** Searchable by player account, round id and transaction id. */
  searchable: boolean;
  /** A stable key of a row within its page. */
  rowKey: (row: StatsRow) => string;
}

const key =
  (...fields: string[]) =>
  (row: StatsRow) =>
    fields.map((f) => String(row[f] ?? '')).join('|');

function def(
  table: StatsTable,
  icon: IconName,
  sortKeys: readonly string[],
  defaultSort: string,
  rowKey: (row: StatsRow) => string,
  options: { keyset?: boolean; searchable?: boolean } = {},
): TableDef {
  return {
    table,
    label: STATS_TABLE_LABELS[table],
    icon,
    columns: STATS_COLUMNS[table],
    sortKeys,
    defaultSort,
    keyset: options.keyset ?? false,
    searchable: options.searchable ?? false,
    rowKey,
  };
}

/** The workbench's tables, in the order of the spec's labels. */
export const TABLE_DEFS: readonly TableDef[] = [
  def('login', 'log-in', RAW_SORT_KEYS, 'ts', key('id'), { keyset: true }),
  def('registered', 'new-person', RAW_SORT_KEYS, 'ts', key('playerId', 'provider', 'currency'), {
    keyset: true,
  }),
  def('daily', 'calendar', DAILY_SORT_KEYS, 'day', key('day', 'currency')),
  def('game-records', 'layers', RAW_SORT_KEYS, 'ts', key('transactionId'), {
    keyset: true,
    searchable: true,
  }),
  def('bonus', 'gift-box', RAW_SORT_KEYS, 'ts', key('id'), { keyset: true }),
  def('players', 'people', PLAYER_SORT_KEYS, 'turnover', key('playerId', 'provider', 'currency')),
  def('transfers', 'swap-horizontal', RAW_SORT_KEYS, 'ts', key('id'), { keyset: true }),
  def('prizes', 'trophy', RAW_SORT_KEYS, 'ts', key('id'), { keyset: true }),
  def('operator-daily', 'office', OPERATOR_DAILY_SORT_KEYS, 'day', key('day', 'provider', 'currency')),
];

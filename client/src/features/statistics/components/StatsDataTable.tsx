import { Classes, HTMLTable, Icon, Intent, Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPORT_LANGS, type ExportLang, type StatsColumn } from '@dms/shared/contracts/http/stats';
import { operationLabelKey, type OperationKind } from '@dms/shared/domain/enums';
import type { StatsRow } from '../api/statsApi';
import {
  betTypeLabel,
  formatAmount,
  formatCount,
  formatRatio,
  formatTime,
  gameName,
  NO_VALUE,
} from '../format';
import type { TableDef } from '../tables';

/** The sort of a table: a whitelisted column and its order. */
export interface TableSort {
  by: string;
  order: 'asc' | 'desc';
}

/** Props of {@link StatsDataTable}. */
export interface StatsDataTableProps {
  def: TableDef;
  rows: readonly StatsRow[];
  sort: TableSort;
  onSort: (key: string) => void;
  /** The first page is loading: placeholder rows. */
  loading?: boolean;
  /** Another page is loading: the current rows are dimmed. */
  stale?: boolean;
  providerName: (id: number) => string;
}

const SKELETON_ROWS = 6;

/** The contract's language of column labels for an interface language (zh when unknown). */
export function columnLanguage(language: string): ExportLang {
  return (EXPORT_LANGS as readonly string[]).includes(language) ? (language as ExportLang) : 'zh';
}

const OP_INTENTS: Readonly<Record<string, Intent>> = {
  'op.bet': Intent.NONE,
  'op.betResult': Intent.PRIMARY,
  'op.transferOut': Intent.WARNING,
  'op.transferIn': Intent.SUCCESS,
};

/** Integer columns that identify something (a player, a provider, a game): written as they are, not as amounts. */
const IDENTIFIERS: ReadonlySet<string> = new Set(['playerId', 'provider', 'gameId']);

function numeric(column: StatsColumn): boolean {
  if (IDENTIFIERS.has(column.key)) return false;
  return column.kind === 'money' || column.kind === 'int' || column.kind === 'ratio';
}

/**
 * One page of a statistics table: headers in the interface language (the contract's labels, the same as
 * the export's header row), clickable headers on the columns the gateway sorts by, money with 2 decimals,
 * times in the spec's format and the spec's operation labels (bet / bet result, transfer out / in).
 */
export function StatsDataTable({
  def,
  rows,
  sort,
  onSort,
  loading = false,
  stale = false,
  providerName,
}: StatsDataTableProps) {
  const { t, i18n } = useTranslation('statistics');
  const lang = columnLanguage(i18n.language);

  const cell = (column: StatsColumn, row: StatsRow): ReactNode => {
    const value = row[column.key];
    switch (column.key) {
      case 'provider':
        return typeof value === 'number' ? <span title={`#${value}`}>{providerName(value)}</span> : NO_VALUE;
      case 'gameId':
        return typeof value === 'number' ? gameName(value, lang) : NO_VALUE;
      case 'betType':
        return typeof value === 'string' ? betTypeLabel(value, lang) : NO_VALUE;
      case 'playerId':
        return typeof value === 'number' ? String(value) : NO_VALUE;
      default:
        break;
    }
    switch (column.kind) {
      case 'money': {
        const text = formatAmount(value as number | null);
        const negative = typeof value === 'number' && value < 0;
        return <span className={negative ? 'dms-stats__neg' : undefined}>{text}</span>;
      }
      case 'int':
        return formatCount(value as number | null);
      case 'ratio':
        return formatRatio(value as number | null);
      case 'time':
        return formatTime(value as number | null);
      case 'op': {
        const labelKey = operationLabelKey(value as OperationKind, Number(row.direction));
        return (
          <Tag minimal intent={OP_INTENTS[labelKey]} className="dms-stats__op">
            {t(labelKey)}
          </Tag>
        );
      }
      default:
        return value === null || value === undefined || value === '' ? NO_VALUE : String(value);
    }
  };

  return (
    <div className="dms-stats__scroll" role="region" aria-label={t(def.labelKey)} tabIndex={0}>
      <HTMLTable
        compact
        striped
        interactive
        className={['dms-stats__table', stale ? 'dms-stats__table--stale' : ''].join(' ')}
        aria-busy={loading || stale || undefined}
      >
        <thead>
          <tr>
            {def.columns.map((column) => {
              const label = column.label[lang];
              const sortable = def.sortKeys.includes(column.key);
              const active = sort.by === column.key;
              const align = numeric(column) ? 'dms-stats__num' : undefined;
              if (!sortable) {
                return (
                  <th key={column.key} scope="col" className={align}>
                    {label}
                  </th>
                );
              }
              return (
                <th
                  key={column.key}
                  scope="col"
                  className={align}
                  aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}
                >
                  <button
                    type="button"
                    className={`dms-stats__sort${active ? ' dms-stats__sort--active' : ''}`}
                    onClick={() => onSort(column.key)}
                    title={t('table.sortBy', { column: label })}
                  >
                    {label}
                    <Icon
                      icon={
                        active ? (sort.order === 'asc' ? 'sort-asc' : 'sort-desc') : 'double-caret-vertical'
                      }
                      size={12}
                      aria-hidden
                    />
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {loading
            ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                <tr key={i}>
                  {def.columns.map((column) => (
                    <td key={column.key}>
                      <span className={Classes.SKELETON} style={{ display: 'block' }}>
                        &nbsp;
                      </span>
                    </td>
                  ))}
                </tr>
              ))
            : rows.map((row, index) => (
                <tr key={`${def.rowKey(row)}#${index}`}>
                  {def.columns.map((column) => (
                    <td key={column.key} className={numeric(column) ? 'dms-stats__num' : undefined}>
                      {cell(column, row)}
                    </td>
                  ))}
                </tr>
              ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}

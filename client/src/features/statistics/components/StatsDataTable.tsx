import { Classes, HTMLTable, Icon, Intent, Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { opEnum, type ExportLang, type StatsColumn } from '@dms/shared/contracts/http/stats';
import { enumLabel } from '@dms/shared/domain/labels';
import { EnumValue } from '@/components/labels/EnumValue';
import { languageOf } from '@/lib/i18n/languages';
import type { StatsRow } from '../api/statsApi';
import { formatAmount, formatCount, formatRatio, formatTime, NO_VALUE } from '../format';
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
  return languageOf(language);
}

const OP_INTENTS: Readonly<Record<string, Intent>> = {
  'betDirection.0': Intent.NONE,
  'betDirection.1': Intent.PRIMARY,
  'transferDirection.0': Intent.WARNING,
  'transferDirection.1': Intent.SUCCESS,
};

function numeric(column: StatsColumn): boolean {
  return column.kind === 'money' || column.kind === 'int' || column.kind === 'ratio';
}

/**
 * The text of a cell as the screen shows it, by the column's kind: the same kinds the export writes
 * (`shared/src/contracts/http/stats.ts`), so that a screen's table and its export hold the same values.
 */
export function cellText(
  column: StatsColumn,
  row: StatsRow,
  lang: ExportLang,
  providerName: (id: number) => string,
): string {
  const value = row[column.key];
  switch (column.kind) {
    case 'money':
      return formatAmount(value as number | null);
    case 'int':
      return formatCount(value as number | null);
    case 'ratio':
      return formatRatio(value as number | null);
    case 'time':
      return formatTime(value as number | null);
    case 'id':
      return typeof value === 'number' ? String(value) : NO_VALUE;
    case 'provider':
      return typeof value === 'number' ? providerName(value) : NO_VALUE;
    case 'enum':
      return column.enum
        ? enumLabel(column.enum, value as string, lang).text || NO_VALUE
        : String(value ?? '');
    case 'op':
      return enumLabel(opEnum(row.op), Number(row.direction) === 0 ? 0 : 1, lang).text;
    case 'day':
    case 'text':
      return value === null || value === undefined || value === '' ? NO_VALUE : String(value);
  }
}

/**
 * One page of a statistics table: headers in the interface language (the contract's labels, the same as
 * the export's header row), clickable headers on the columns the gateway sorts by, cells by their column's
 * kind ({@link cellText}): money with 2 decimals and numbers in the locale, times in the spec's format,
 * providers by name, enumerated values by their label and the spec's operation labels. Data cells (ids,
 * accounts, names) are marked `translate="no"`.
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
  const lang = languageOf(i18n.language);

  const cell = (column: StatsColumn, row: StatsRow): ReactNode => {
    const value = row[column.key];
    switch (column.kind) {
      case 'provider':
        return typeof value === 'number' ? (
          <span title={`#${value}`} translate="no">
            {providerName(value)}
          </span>
        ) : (
          NO_VALUE
        );
      case 'enum':
        return column.enum ? <EnumValue name={column.enum} value={value as string | number | null} /> : null;
      case 'money': {
        const negative = typeof value === 'number' && value < 0;
        return (
          <span className={negative ? 'dms-stats__neg' : undefined}>
            {cellText(column, row, lang, providerName)}
          </span>
        );
      }
      case 'op': {
        const direction = Number(row.direction) === 0 ? 0 : 1;
        return (
          <Tag minimal intent={OP_INTENTS[`${opEnum(row.op)}.${direction}`]} className="dms-stats__op">
            {cellText(column, row, lang, providerName)}
          </Tag>
        );
      }
      case 'text':
      case 'id':
        return <span translate="no">{cellText(column, row, lang, providerName)}</span>;
      default:
        return cellText(column, row, lang, providerName);
    }
  };

  return (
    <div className="dms-stats__scroll" role="region" aria-label={def.label[lang]} tabIndex={0}>
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

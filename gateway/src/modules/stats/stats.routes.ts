import type { Response } from 'express';
import {
  EXPORT_TEXTS,
  STATS_COLUMNS,
  STATS_TABLE_LABELS,
  exportFileName,
  type ExportLang,
  type StatsTable,
} from '@dms/shared/contracts/http/stats';
import { formatDate } from '@dms/shared/format/date';
import type { EndpointImpls } from '../../platform/http/http.endpoints';
import { refuse } from '../../platform/errors/errors';
import type { Scope } from '../../platform/auth/auth.context';
import type { RawKind } from './stats.repository';
import type { AnyRow, RawListQuery, StatsService } from './stats.service';
import { XLSX_CONTENT_TYPE, attachmentDisposition, writeXlsx, type WriteXlsxOptions } from './stats.xlsx';

type StatsKeys =
  | 'statsSummary'
  | 'statsLogin'
  | 'statsRegistered'
  | 'statsDaily'
  | 'statsGameRecords'
  | 'statsBonus'
  | 'statsPlayers'
  | 'statsTransfers'
  | 'statsPrizes'
  | 'statsOperatorDaily'
  | 'statsLoginExport'
  | 'statsRegisteredExport'
  | 'statsDailyExport'
  | 'statsGameRecordsExport'
  | 'statsBonusExport'
  | 'statsPlayersExport'
  | 'statsTransfersExport'
  | 'statsPrizesExport'
  | 'statsOperatorDailyExport'
  | 'companyProfitCompare';

/** Options of {@link statsRoutes}. */
export interface StatsRoutesOptions {
  /** IANA zone of the times in exports (`DMS_TZ`). */
  timeZone: string;
  /** Every provider's name by id (exports show providers by name, as the screen does). */
  providerNames: () => Promise<ReadonlyMap<number, string>>;
  now?: () => number;
}

/** What an export query carries besides its rows' filter. */
export interface ExportQuery {
  providerIds: readonly number[];
  currencies: readonly string[];
  startDate: string;
  endDate: string;
  lang: ExportLang;
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
  account?: string | undefined;
  roundId?: string | undefined;
  transactionId?: string | undefined;
}

/**
 * The heading of an export: the table's name, then the filters that produced it — providers by name,
 * currencies, the day range, the search terms, the sort — and when and in which zone it was made, in the
 * export's language.
 */
export function exportHeading(
  table: StatsTable,
  q: ExportQuery,
  names: ReadonlyMap<number, string>,
  at: string,
  timeZone: string,
): NonNullable<WriteXlsxOptions['heading']> {
  const lang = q.lang;
  const T = EXPORT_TEXTS;
  const columns = STATS_COLUMNS[table];
  const label = (key: string) => columns.find((c) => c.key === key)?.label[lang] ?? key;
  const lines: [string, string][] = [
    [T.providers[lang], q.providerIds.map((id) => names.get(id) ?? `#${id}`).join(', ')],
    [T.currencies[lang], q.currencies.join(', ')],
    [T.dates[lang], T.dateRange[lang].replace('{{start}}', q.startDate).replace('{{end}}', q.endDate)],
  ];
  for (const key of ['account', 'roundId', 'transactionId'] as const) {
    const value = q[key];
    if (value) lines.push([label(key), value]);
  }
  if (q.sortBy)
    lines.push([T.sortedBy[lang], `${label(q.sortBy)} ${T[q.sortOrder === 'asc' ? 'asc' : 'desc'][lang]}`]);
  lines.push([T.exportedAt[lang], at], [T.timeZone[lang], timeZone]);
  return { title: STATS_TABLE_LABELS[table][lang], lines };
}

/**
 * What an export of a table writes besides its rows: its columns, language, zone, sheet name, provider
 * names and the heading of its filters. The benchmarks write with these too.
 */
export function exportOptions(
  table: StatsTable,
  q: ExportQuery,
  names: ReadonlyMap<number, string>,
  at: number,
  timeZone: string,
): WriteXlsxOptions {
  return {
    columns: STATS_COLUMNS[table],
    lang: q.lang,
    timeZone,
    sheetName: STATS_TABLE_LABELS[table][q.lang],
    providerNames: names,
    heading: exportHeading(table, q, names, formatDate(at, undefined, timeZone), timeZone),
  };
}

/** Writes an export, or refuses with 404 "Not have data to downoad" when the filter has no row. */
async function sendExport(
  res: Response,
  table: StatsTable,
  q: ExportQuery,
  rows: AsyncIterable<AnyRow> | Iterable<AnyRow>,
  options: StatsRoutesOptions,
): Promise<void> {
  const it = (Symbol.asyncIterator in rows ? rows[Symbol.asyncIterator]() : rows[Symbol.iterator]()) as
    AsyncIterator<AnyRow> | Iterator<AnyRow>;
  const first = await it.next();
  if (first.done) {
    await it.return?.();
    throw refuse.notFound('validation.noDataToDownload');
  }
  async function* all(): AsyncGenerator<AnyRow> {
    yield first.value as AnyRow;
    for (;;) {
      const next = await it.next();
      if (next.done) return;
      yield next.value;
    }
  }
  const names = await options.providerNames();
  const at = (options.now ?? Date.now)();
  const name = exportFileName(table, q.startDate, q.endDate, q.lang);
  res.status(200);
  res.setHeader('content-type', XLSX_CONTENT_TYPE);
  res.setHeader('content-disposition', attachmentDisposition(name));
  res.setHeader('cache-control', 'no-store');
  try {
    await writeXlsx(res, all(), exportOptions(table, q, names, at, options.timeZone));
    res.end();
  } catch (err) {
    await it.return?.();
    // The client went away mid-download: nothing to answer, nothing to log.
    if (res.destroyed || res.writableEnded) return;
    throw err;
  }
}

/**
 * The statistics endpoints (`/stats/...`, `/company-profit/compare`). Every handler passes the caller's scope
 * to the service, which refuses providers or currencies outside it.
 */
export function statsRoutes(
  stats: StatsService,
  options: StatsRoutesOptions,
): Pick<EndpointImpls, StatsKeys> {
  const rawExport =
    (kind: RawKind) =>
    ({
      auth,
      query,
      res,
    }: {
      auth: { scope: Scope };
      query: RawListQuery & { lang: ExportLang };
      res: Response;
    }) =>
      sendExport(res, kind, query, stats.rawRows(kind, auth.scope, query), options);

  return {
    statsSummary: {
      handle: ({ auth, query }) => stats.summary(auth.scope, query),
    },
    statsLogin: {
      handle: ({ auth, query }) => stats.rawPage('login', auth.scope, query),
    },
    statsRegistered: {
      handle: ({ auth, query }) => stats.rawPage('registered', auth.scope, query),
    },
    statsGameRecords: {
      handle: ({ auth, query }) => stats.rawPage('game-records', auth.scope, query),
    },
    statsTransfers: {
      handle: ({ auth, query }) => stats.rawPage('transfers', auth.scope, query),
    },
    statsBonus: {
      handle: ({ auth, query }) => stats.rawPage('bonus', auth.scope, query),
    },
    statsPrizes: {
      handle: ({ auth, query }) => stats.rawPage('prizes', auth.scope, query),
    },
    statsDaily: { handle: ({ auth, query }) => stats.daily(auth.scope, query) },
    statsOperatorDaily: {
      handle: ({ auth, query }) => stats.operatorDaily(auth.scope, query),
    },
    statsPlayers: {
      handle: ({ auth, query }) => stats.players(auth.scope, query),
    },
    statsLoginExport: { handle: rawExport('login') },
    statsRegisteredExport: { handle: rawExport('registered') },
    statsGameRecordsExport: { handle: rawExport('game-records') },
    statsTransfersExport: { handle: rawExport('transfers') },
    statsBonusExport: { handle: rawExport('bonus') },
    statsPrizesExport: { handle: rawExport('prizes') },
    statsDailyExport: {
      handle: async ({ auth, query, res }) =>
        sendExport(res, 'daily', query, await stats.dailyAll(auth.scope, query), options),
    },
    statsOperatorDailyExport: {
      handle: async ({ auth, query, res }) =>
        sendExport(res, 'operator-daily', query, await stats.operatorDailyAll(auth.scope, query), options),
    },
    statsPlayersExport: {
      handle: async ({ auth, query, res }) =>
        sendExport(res, 'players', query, await stats.playersAll(auth.scope, query), options),
    },
    companyProfitCompare: {
      handle: ({ auth, query }) => stats.profitCompare(auth.scope, query),
    },
  };
}

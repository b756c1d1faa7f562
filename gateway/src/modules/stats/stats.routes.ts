import type { Response } from 'express';
import {
  STATS_COLUMNS,
  exportFileName,
  type ExportLang,
  type StatsTable,
} from '@dms/shared/contracts/http/stats';
import type { EndpointImpls } from '../../platform/http/http.endpoints';
import { refuse } from '../../platform/errors/errors';
import type { Scope } from '../../platform/auth/auth.context';
import type { RawKind } from './stats.repository';
import type { AnyRow, RawListQuery, StatsService } from './stats.service';
import { XLSX_CONTENT_TYPE, attachmentDisposition, writeXlsx } from './stats.xlsx';

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
}

/** Writes an export, or refuses with 404 "Not have data to downoad" when the filter has no row. */
async function sendExport(
  res: Response,
  table: StatsTable,
  q: { startDate: string; endDate: string; lang: ExportLang },
  rows: AsyncIterable<AnyRow> | Iterable<AnyRow>,
  timeZone: string,
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
  const name = exportFileName(table, q.startDate, q.endDate);
  res.status(200);
  res.setHeader('content-type', XLSX_CONTENT_TYPE);
  res.setHeader('content-disposition', attachmentDisposition(name));
  res.setHeader('cache-control', 'no-store');
  try {
    await writeXlsx(res, all(), { columns: STATS_COLUMNS[table], lang: q.lang, timeZone, sheetName: table });
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
      sendExport(res, kind, query, stats.rawRows(kind, auth.scope, query), options.timeZone);

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
        sendExport(res, 'daily', query, await stats.dailyAll(auth.scope, query), options.timeZone),
    },
    statsOperatorDailyExport: {
      handle: async ({ auth, query, res }) =>
        sendExport(
          res,
          'operator-daily',
          query,
          await stats.operatorDailyAll(auth.scope, query),
          options.timeZone,
        ),
    },
    statsPlayersExport: {
      handle: async ({ auth, query, res }) =>
        sendExport(res, 'players', query, await stats.playersAll(auth.scope, query), options.timeZone),
    },
    companyProfitCompare: {
      handle: ({ auth, query }) => stats.profitCompare(auth.scope, query),
    },
  };
}

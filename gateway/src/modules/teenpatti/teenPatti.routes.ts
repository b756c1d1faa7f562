import type { Response } from 'express';
import type { ExportLang, StatsColumn } from '@dms/shared/contracts/http/stats';
import {
  tpSimExportColumns,
  tpSimExportHeading,
  tpSimExportFileName,
  type TpSimRoundRow,
} from '@dms/shared/contracts/http/teenPatti';
import { formatDate } from '@dms/shared/format/date';
import type { EndpointImpls } from '../../platform/http/http.endpoints';
import { refuse } from '../../platform/errors/errors';
import { XLSX_CONTENT_TYPE, attachmentDisposition, writeXlsx } from '../stats/stats.xlsx';
import type { RoundQuery, TeenPattiService } from './teenPatti.service';

type TpKeys =
  | 'tpEvaluate'
  | 'tpDeal'
  | 'tpSimRun'
  | 'tpSimCancel'
  | 'tpSimSave'
  | 'tpSimDelete'
  | 'tpSimGet'
  | 'tpSimList'
  | 'tpSimRounds'
  | 'tpSimExport';

/** Options of {@link teenPattiRoutes}. */
export interface TeenPattiRoutesOptions {
  /** IANA zone of the export's time (`DMS_TZ`). */
  timeZone: string;
  now?: () => number;
}

/** A round as the export's cells read it: one column per seat, the winners as text. */
function exportRow(r: TpSimRoundRow): Record<string, unknown> {
  const row: Record<string, unknown> = {
    index: r.index,
    winners: r.winners.join(', '),
    winnerCategory: r.winnerCategory,
    categoryA: r.categories[0],
    categoryB: r.categories[1],
    result: r.result,
    staked: r.staked,
    payout: r.payout,
    net: r.net,
  };
  r.hands.forEach((h, i) => {
    row[`seat${i + 1}`] = h.join(' ');
  });
  return row;
}

/** Streams the rounds of a simulation as .xlsx, or refuses with 404 when no round matches. */
async function sendExport(
  res: Response,
  tp: TeenPattiService,
  q: RoundQuery & { lang: ExportLang },
  options: TeenPattiRoutesOptions,
): Promise<void> {
  const { sim, rows } = await tp.exportRounds(q);
  const it = rows[Symbol.asyncIterator]();
  const first = await it.next();
  if (first.done) throw refuse.notFound('validation.noDataToDownload');
  async function* all(): AsyncGenerator<Record<string, unknown>> {
    yield exportRow(first.value as TpSimRoundRow);
    for (;;) {
      const next = await it.next();
      if (next.done) return;
      yield exportRow(next.value);
    }
  }
  const at = formatDate((options.now ?? Date.now)(), undefined, options.timeZone);
  const columns: readonly StatsColumn[] = tpSimExportColumns(sim.players);
  res.status(200);
  res.setHeader('content-type', XLSX_CONTENT_TYPE);
  res.setHeader('content-disposition', attachmentDisposition(tpSimExportFileName(sim, q.lang)));
  res.setHeader('cache-control', 'no-store');
  try {
    await writeXlsx(res, all(), {
      columns,
      lang: q.lang,
      timeZone: options.timeZone,
      sheetName: sim.name || sim.seed,
      heading: tpSimExportHeading(sim, q, at, q.lang),
    });
    res.end();
  } catch (err) {
    await it.return?.();
    // The client went away mid-download: nothing to answer, nothing to log.
    if (res.destroyed || res.writableEnded) return;
    throw err;
  }
}

/** `/teen-patti/...`: the test tools (11002) and the simulated data viewer (11003). */
export function teenPattiRoutes(
  tp: TeenPattiService,
  options: TeenPattiRoutesOptions,
): Pick<EndpointImpls, TpKeys> {
  return {
    tpEvaluate: { handle: ({ body }) => tp.evaluate(body.hands) },
    tpDeal: { handle: ({ query }) => tp.deal(query) },
    tpSimRun: { handle: ({ auth, body, ip }) => tp.run(auth, body, ip) },
    tpSimCancel: { handle: ({ auth, body, ip }) => tp.cancel(auth, body.id, ip) },
    tpSimSave: { handle: ({ auth, body, ip }) => tp.save(auth, body, ip) },
    tpSimDelete: { handle: ({ auth, body, ip }) => tp.delete(auth, body.id, ip) },
    tpSimGet: { handle: ({ query }) => tp.get(query.id) },
    tpSimList: { handle: ({ query }) => tp.list(query) },
    tpSimRounds: { handle: ({ query }) => tp.rounds(query) },
    tpSimExport: { handle: ({ query, res }) => sendExport(res, tp, query, options) },
  };
}

import type { Kysely } from 'kysely';
import type { Store } from '../platform/db/db.store';
import type { RiskTables } from '../platform/db/db.risk';
import type { Logger } from '../platform/logger/logger';

/** Telegram settings (`DMS_TELEGRAM_*`, see the README). */
export interface TelegramConfig {
  /** Bot API base URL (a local server in tests). */
  apiBase: string;
  /** The bot's token; without one nothing is sent and the outbox keeps its messages. */
  token: string | undefined;
  /** The console's public URL, for the link to an alert. */
  publicUrl: string;
  /** Messages per minute per group at most (Telegram allows about 20 in a group). */
  ratePerMinute: number;
  /** Give up a request after this long, ms. */
  timeoutMs: number;
}

export function loadTelegramConfig(env: NodeJS.ProcessEnv): TelegramConfig {
  const rate = Number(env.DMS_TELEGRAM_RATE ?? 20);
  return {
    apiBase: (env.DMS_TELEGRAM_API ?? 'https://api.telegram.org').replace(/\/+$/, ''),
    token: env.DMS_TELEGRAM_BOT_TOKEN || undefined,
    publicUrl: (env.DMS_PUBLIC_URL ?? 'http://localhost:8080').replace(/\/+$/, ''),
    ratePerMinute: Number.isFinite(rate) && rate > 0 ? rate : 20,
    timeoutMs: 10_000,
  };
}

/** What Telegram answered: sent, refused for good, or to be retried (after `retryAfterMs` when it said). */
export type SendResult =
  { ok: true } | { ok: false; retry: boolean; retryAfterMs?: number | undefined; detail: string };

/** The Bot API's `sendMessage`. */
export async function sendMessage(
  config: Pick<TelegramConfig, 'apiBase' | 'token' | 'timeoutMs'>,
  chatId: string,
  text: string,
): Promise<SendResult> {
  if (!config.token) return { ok: false, retry: true, detail: 'no bot token configured' };
  try {
    const res = await fetch(`${config.apiBase}/bot${config.token}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: chatId, text, disable_web_page_preview: true }),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    const body = (await res.json().catch(() => ({}))) as {
      ok?: boolean;
      description?: string;
      parameters?: { retry_after?: number };
    };
    if (res.ok && body.ok) return { ok: true };
    const detail = `${res.status} ${body.description ?? res.statusText}`;
    if (res.status === 429)
      return { ok: false, retry: true, retryAfterMs: (body.parameters?.retry_after ?? 1) * 1000, detail };
    // 4xx other than 429: the chat or the request is wrong; retrying will not help.
    return { ok: false, retry: res.status >= 500, detail };
  } catch (err) {
    return { ok: false, retry: true, detail: err instanceof Error ? err.message : String(err) };
  }
}

const LEVEL_TEXT: Record<string, Record<number, string>> = {
  zh: { 1: '异常', 2: '中风险', 3: '高风险' },
  en: { 1: 'abnormal', 2: 'middle risk', 3: 'high risk' },
};
const KIND_TEXT: Record<string, Record<string, string>> = {
  zh: { crossbet: '对打', player: '异常玩家', provider: '异常平台商' },
  en: { crossbet: 'cross-bet', player: 'abnormal player', provider: 'abnormal provider' },
};

/** The text of an alert in a group's language, with a link to it in the console. */
export function alertText(
  language: string,
  alert: { id: number; kind: string; level: number; subject: string },
  publicUrl: string,
): string {
  const lang = language === 'en' ? 'en' : 'zh';
  const level = LEVEL_TEXT[lang]?.[alert.level] ?? String(alert.level);
  const kind = KIND_TEXT[lang]?.[alert.kind] ?? alert.kind;
  const link = `${publicUrl}/risk/alerts?id=${alert.id}`;
  return lang === 'zh'
    ? `【${level}】${kind}告警 #${alert.id}：${alert.subject}\n${link}`
    : `[${level}] ${kind} alert #${alert.id}: ${alert.subject}\n${link}`;
}

/**
 * Drains the Telegram outbox: each row is an alert to send to every Telegram group. A row leaves the
 * outbox only when every group took it (or refused it for good); until then it is retried with
 * exponential backoff (from 1 s to 5 minutes, or Telegram's `retry_after`), so no alert is lost while
 * Telegram is down or the gateway restarts. Each group receives at most `ratePerMinute` messages a minute.
 */
export class TelegramOutbox {
  private readonly db: Kysely<RiskTables>;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  /** Per group: when it may receive the next message (ms). */
  private readonly nextSlot = new Map<string, number>();
  /** Per outbox row: the groups that already took it (kept across retries in this process). */
  private readonly delivered = new Map<number, Set<string>>();

  constructor(
    store: Pick<Store, 'db'>,
    private readonly config: TelegramConfig,
    private readonly logger?: Logger,
    private readonly now: () => number = Date.now,
    private readonly send: typeof sendMessage = sendMessage,
  ) {
    this.db = store.db as unknown as Kysely<RiskTables>;
  }

  start(intervalMs = 1000): void {
    if (this.timer || !this.config.token) return;
    this.timer = setInterval(() => void this.drain(), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Sends what is due; answers how many outbox rows it finished. */
  async drain(): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    try {
      const now = this.now();
      const rows = await this.db
        .selectFrom('telegram_outbox as o')
        .innerJoin('risk_alert as a', 'a.id', 'o.alert_id')
        .select(['o.id', 'o.attempts', 'a.id as alertId', 'a.kind', 'a.level', 'a.subject'])
        .where('o.next_at', '<=', now)
        .orderBy('o.id')
        .limit(50)
        .execute();
      if (rows.length === 0) return 0;
      const groups = await this.db.selectFrom('telegram_group').select(['group_id', 'language']).execute();
      let finished = 0;
      for (const row of rows) {
        const id = Number(row.id);
        const done = this.delivered.get(id) ?? new Set<string>();
        let retryAt: number | undefined;
        let lastError: string | undefined;
        for (const g of groups) {
          if (done.has(g.group_id)) continue;
          const slot = this.nextSlot.get(g.group_id) ?? 0;
          if (slot > this.now()) {
            retryAt = Math.min(retryAt ?? Infinity, slot);
            continue;
          }
          this.nextSlot.set(g.group_id, this.now() + 60_000 / this.config.ratePerMinute);
          const text = alertText(
            g.language,
            { id: Number(row.alertId), kind: row.kind, level: Number(row.level), subject: row.subject },
            this.config.publicUrl,
          );
          const result = await this.send(this.config, g.group_id, text);
          if (result.ok || !result.retry) {
            done.add(g.group_id);
            if (!result.ok)
              this.logger?.warn({ group: g.group_id, detail: result.detail }, 'telegram refused a message');
          } else {
            lastError = result.detail;
            const backoff = Math.min(300_000, 1000 * 2 ** Math.min(Number(row.attempts), 9));
            retryAt = Math.min(retryAt ?? Infinity, this.now() + Math.max(backoff, result.retryAfterMs ?? 0));
            if (result.retryAfterMs) this.nextSlot.set(g.group_id, this.now() + result.retryAfterMs);
          }
        }
        if (retryAt === undefined) {
          await this.db.deleteFrom('telegram_outbox').where('id', '=', id).execute();
          this.delivered.delete(id);
          finished += 1;
        } else {
          this.delivered.set(id, done);
          await this.db
            .updateTable('telegram_outbox')
            .set({
              attempts: Number(row.attempts) + (lastError ? 1 : 0),
              next_at: retryAt,
              last_error: lastError ?? null,
            })
            .where('id', '=', id)
            .execute();
        }
      }
      return finished;
    } catch (err) {
      this.logger?.warn({ err }, 'telegram outbox: drain failed, will retry');
      return 0;
    } finally {
      this.running = false;
    }
  }
}

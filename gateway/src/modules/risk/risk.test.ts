import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AlertRow,
  CrossbetGroupRow,
  CrossbetVolume,
  EvidenceRound,
  ManualRiskRow,
  RiskPage,
  RiskSettingsView,
  TelegramGroupRow,
} from '@dms/shared/contracts/http/risk';
import { DEFAULT_RISK_SETTINGS } from '@dms/shared/contracts/http/riskSettings';
import { RiskLevel } from '@dms/shared/domain/enums';
import { PERM } from '@dms/shared/permissions/codes';
import { createStaff, startTestApp, type StaffFixture, type TestApp } from '../../testing/testing.app';
import { T0 } from '../../engine/events.fixtures';
import { RiskReplaySource } from './risk.repository';
import { round, testDetector, until } from './risk.fixture';
import { TelegramOutbox, alertText, type TelegramConfig } from '../../notify/telegram';

let t: TestApp;
let analyst: StaffFixture;
let monitorOnly: StaffFixture;
let otherScope: StaffFixture;
let settingsAdmin: StaffFixture;
let nobody: StaffFixture;

const get = <T>(path: string, token: string, query: Record<string, string | number | undefined> = {}) =>
  t.call<T>('GET', path, { token, query });
const post = <T>(path: string, token: string, body: unknown) => t.call<T>('POST', path, { token, body });

beforeAll(async () => {
  t = await startTestApp({
    app: { riskDetector: testDetector, riskRunner: { pollMs: 50, renewMs: 200, leaseMs: 2000 } },
  });
  t.app.engine.start();
  analyst = await createStaff(t, { codes: [PERM.RISK_DATA], providers: [1001, 1002] });
  monitorOnly = await createStaff(t, { codes: [PERM.BACCARAT_MONITOR], providers: [1001] });
  otherScope = await createStaff(t, { codes: [PERM.RISK_DATA], providers: [1002] });
  settingsAdmin = await createStaff(t, { codes: [PERM.RISK_SETTING] });
  nobody = await createStaff(t, { codes: [PERM.COMPANY_PROFIT] });
  const r = await t.app.engine.submit([
    ...round(1, 'alice', 'bob'),
    ...round(2, 'carol', 'dave', 1001, 5_000_000),
  ]);
  expect(r.refused).toEqual([]);
});

afterAll(async () => {
  await t?.close();
});

describe('risk API over what the runner stored', () => {
  it('lists the cross-bet groups the detector raised, with their evidence rounds and every member bet', async () => {
    const page = await until(async () => {
      const res = await get<RiskPage<CrossbetGroupRow>>('/risk/crossbet/groups', analyst.token);
      return res.body.data.total >= 2 ? res.body.data : undefined;
    }, 'two groups');
    expect(page.items.map((g) => g.members.map((m) => m.account).join('+')).sort()).toEqual([
      'alice+bob',
      'carol+dave',
    ]);
    const g = page.items.find((x) => x.members[0]?.account === 'alice');
    expect(g).toMatchObject({ kind: 'pair', level: RiskLevel.Abnormal, rounds: 1, tables: ['BAC-01'] });
    const rounds = await get<RiskPage<EvidenceRound>>(
      `/risk/crossbet/groups/${encodeURIComponent(g!.id)}/rounds`,
      monitorOnly.token,
    );
    expect(rounds.body.code).toBe(0);
    expect(rounds.body.data.items).toHaveLength(1);
    expect(rounds.body.data.items[0]?.bets.map((b) => [b.account, b.betType, b.amount])).toEqual([
      ['alice', 'banker', 10_000],
      ['bob', 'player', 10_000],
    ]);
  });

  it('scopes findings to the caller providers and refuses callers without 3000 or 8000', async () => {
    const other = await get<RiskPage<CrossbetGroupRow>>('/risk/crossbet/groups', otherScope.token);
    expect(other.body.data.total).toBe(0);
    const groupId = (await get<RiskPage<CrossbetGroupRow>>('/risk/crossbet/groups', analyst.token)).body.data
      .items[0]!.id;
    const hidden = await get(`/risk/crossbet/groups/${encodeURIComponent(groupId)}/rounds`, otherScope.token);
    expect(hidden.status).toBe(404);
    for (const path of ['/risk/crossbet/groups', '/risk/players', '/risk/alerts', '/risk/manual/list']) {
      const res = await get(path, nobody.token);
      expect(res.status, path).toBe(403);
    }
    // The monitor (3000) sees groups and cross-bet alerts, not players (8000).
    expect((await get('/risk/players', monitorOnly.token)).status).toBe(403);
    const alerts = await get<RiskPage<AlertRow>>('/risk/alerts', monitorOnly.token);
    expect(alerts.body.data.items.every((a) => a.kind === 'crossbet')).toBe(true);
  });

  it('counts the evidence rounds per minute of their settlement for the monitor chart, within the caller providers', async () => {
    const at = { to: T0 + 3_600_000, minutes: 120 };
    const volume = await get<CrossbetVolume>('/risk/crossbet/volume', monitorOnly.token, at);
    expect(volume.body.code).toBe(0);
    // Rounds 1 and 2 settled in the first minute after T0, each the evidence of one pair.
    expect(volume.body.data.points).toEqual([{ t: T0, pairs: 2, rings: 0 }]);
    expect(volume.body.data).toMatchObject({ from: T0 - 3_600_000, to: T0 + 3_600_000, bucketMs: 60_000 });
    // The newest evidence counted: the live change that stored it carries the same number.
    const changes = await new RiskReplaySource(t.app.store).after(0, 100);
    const crossbets = changes.filter((c) => c.event.startsWith('crossbet:'));
    expect(volume.body.data.seq).toBe(Math.max(...crossbets.map((c) => (c.payload as { seq: number }).seq)));
    // Each change says how many evidence rounds it adds (both groups new: their one round).
    expect(crossbets.map((c) => (c.payload as { added?: number }).added)).toEqual([1, 1]);
    const outside = await get<CrossbetVolume>('/risk/crossbet/volume', otherScope.token, at);
    expect(outside.body.data.points).toEqual([]);
    const before = await get<CrossbetVolume>('/risk/crossbet/volume', analyst.token, { to: T0, minutes: 10 });
    expect(before.body.data.points).toEqual([]);
    const teenPatti = await get<CrossbetVolume>('/risk/crossbet/volume', analyst.token, { ...at, gameId: 2 });
    expect(teenPatti.body.data.points).toEqual([]);
    expect((await get('/risk/crossbet/volume', nobody.token, at)).status).toBe(403);
    for (const bad of [{ minutes: 0 }, { minutes: 1441 }, { to: 'soon' }, { gameId: 3 }]) {
      const res = await get('/risk/crossbet/volume', analyst.token, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.code, JSON.stringify(bad)).not.toBe(0);
    }
  });

  it('lists abnormal players with their reason', async () => {
    const page = await until(async () => {
      const res = await get<RiskPage<{ account: string; reason: string; kinds: string[] }>>(
        '/risk/players',
        analyst.token,
      );
      return res.body.data.total >= 1 ? res.body.data : undefined;
    }, 'a player');
    expect(page.items[0]).toMatchObject({ account: 'dave', kinds: ['win_rate'], reason: 'won too much' });
  });

  it('lists abnormal providers and two months of a player or provider, within the caller providers', async () => {
    const providers = await until(async () => {
      const res = await get<RiskPage<{ provider: number; kinds: string[] }>>(
        '/risk/providers',
        analyst.token,
      );
      return res.body.data.total >= 1 ? res.body.data : undefined;
    }, 'a provider');
    expect(providers.items[0]).toMatchObject({ provider: 1001, kinds: ['margin'] });
    expect((await get<RiskPage<unknown>>('/risk/providers', otherScope.token)).body.data.total).toBe(0);
    type Detail = {
      from: string;
      to: string;
      days: { turnover: number; payout: number; profit: number; bets: number }[];
    };
    // Detail covers the last two months: a round of an hour ago.
    await t.app.engine.submit(round(5, 'ivan', 'judy', 1001, 5_000_000, Date.now() - 3_600_000));
    const player = await until(async () => {
      const res = await get<Detail>('/risk/detail', analyst.token, { provider: 1001, account: 'judy' });
      return res.body.data?.days.length ? res : undefined;
    }, 'judy in the daily figures');
    expect(player.body.code).toBe(0);
    const days = player.body.data.days;
    expect(days.reduce((n, d) => n + d.bets, 0)).toBe(1);
    expect(days.reduce((n, d) => n + d.payout, 0)).toBe(5_000_000);
    expect(days.every((d) => d.profit === d.turnover - d.payout)).toBe(true);
    const provider = await get<Detail>('/risk/detail', analyst.token, { provider: 1001 });
    expect(provider.body.data.days.reduce((n, d) => n + d.bets, 0)).toBe(2);
    expect((await get('/risk/detail', otherScope.token, { provider: 1001 })).status).toBe(403);
    expect((await get('/risk/detail', settingsAdmin.token, { provider: 1001 })).status).toBe(403);
  });

  it('keeps an alert per raised finding; acknowledge, assign, snooze, resolve and reopen are audited', async () => {
    const alerts = await until(async () => {
      const res = await get<RiskPage<AlertRow>>('/risk/alerts', analyst.token, { kind: 'crossbet' });
      return res.body.data.total >= 2 ? res.body.data : undefined;
    }, 'two alerts');
    const a = alerts.items[0]!;
    expect(a.state).toBe('open');
    const ack = await post<AlertRow>('/risk/alerts/action', analyst.token, {
      id: a.id,
      action: 'acknowledge',
    });
    expect(ack.body.data).toMatchObject({ state: 'acknowledged', by: { id: analyst.accountId } });
    const assigned = await post<AlertRow>('/risk/alerts/action', analyst.token, {
      id: a.id,
      action: 'assign',
      assignee: monitorOnly.accountId,
    });
    expect(assigned.body, JSON.stringify(assigned.body)).toMatchObject({ code: 0 });
    expect(assigned.body.data.assignee).toEqual({ id: monitorOnly.accountId, name: monitorOnly.account });
    const badSnooze = await post('/risk/alerts/action', analyst.token, {
      id: a.id,
      action: 'snooze',
      until: 1,
    });
    expect(badSnooze.status).toBe(400);
    expect(badSnooze.body).toMatchObject({ code: -1, key: 'risk.snoozeRange' });
    // A snooze ends by itself: listed as snoozed until then, open again after.
    const snoozed = await post<AlertRow>('/risk/alerts/action', analyst.token, {
      id: a.id,
      action: 'snooze',
      until: t.clock.now() + 3_600_000,
    });
    expect(snoozed.body.data.state).toBe('snoozed');
    const stateOf = async (state: string) =>
      (
        await get<RiskPage<AlertRow>>('/risk/alerts', analyst.token, { state, size: 500 })
      ).body.data.items.some((x) => x.id === a.id);
    expect(await stateOf('snoozed')).toBe(true);
    expect(await stateOf('open')).toBe(false);
    t.clock.advance(3_600_001);
    expect(await stateOf('snoozed')).toBe(false);
    expect(await stateOf('open')).toBe(true);
    const resolved = await post<AlertRow>('/risk/alerts/action', analyst.token, {
      id: a.id,
      action: 'resolve',
      outcome: 'false_positive',
    });
    expect(resolved.body.data).toMatchObject({ state: 'resolved', outcome: 'false_positive' });
    const again = await post('/risk/alerts/action', analyst.token, { id: a.id, action: 'acknowledge' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ key: 'risk.alertResolved' });
    const reopened = await post<AlertRow>('/risk/alerts/action', analyst.token, {
      id: a.id,
      action: 'reopen',
    });
    expect(reopened.body.data.state).toBe('open');
    const hidden = await post('/risk/alerts/action', otherScope.token, { id: a.id, action: 'acknowledge' });
    expect(hidden.status).toBe(404);
    const audit = await get<{ list: { action: string; targetId: string }[] }>(
      '/permission/audit/list',
      t.adminToken,
      {
        pageSize: 50,
      },
    );
    const mine = audit.body.data.list
      .filter((e) => e.targetId === String(a.id) && e.action.startsWith('alert.'))
      .map((e) => e.action);
    expect(mine.sort()).toEqual([
      'alert.acknowledge',
      'alert.assign',
      'alert.reopen',
      'alert.resolve',
      'alert.snooze',
    ]);
  });

  it('replays every stored change after a seq, in order, as the live events they were pushed as', async () => {
    const source = new RiskReplaySource(t.app.store);
    const head = await source.head();
    const all = await source.after(0, 1000);
    expect(all.length).toBe(head);
    expect(all.map((r) => (r.payload as { seq: number }).seq)).toEqual(all.map((_, i) => i + 1));
    expect(all.map((r) => r.event)).toContain('crossbet:raised');
    expect(all.map((r) => r.event)).toContain('alert:resolved');
    const tail = await source.after(head - 2, 1000);
    expect(tail).toHaveLength(2);
  });
});

describe('manual risk list', () => {
  it('adds, refuses a duplicate account and provider with the spec message, edits and deletes', async () => {
    const created = await post<ManualRiskRow>('/risk/manual/create', analyst.token, {
      account: 'mallory',
      provider: 1001,
      riskType: RiskLevel.High,
    });
    expect(created.body.data).toMatchObject({ account: 'mallory', provider: 1001, riskType: 3 });
    const dup = await post('/risk/manual/create', analyst.token, {
      account: 'mallory',
      provider: 1001,
      riskType: 1,
    });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({
      code: -1,
      msg: 'Account and Provide Duplicate!',
      key: 'risk.manualDuplicate',
    });
    const missing = await post('/risk/manual/create', analyst.token, {
      account: ' ',
      provider: 1001,
      riskType: 1,
    });
    expect(missing.status).toBe(400);
    const outside = await post('/risk/manual/create', otherScope.token, {
      account: 'x',
      provider: 1001,
      riskType: 1,
    });
    expect(outside.status).toBe(403);
    const other = await post<ManualRiskRow>('/risk/manual/create', analyst.token, {
      account: 'mallory',
      provider: 1002,
      riskType: 1,
    });
    expect(other.body.code).toBe(0);
    const clash = await post('/risk/manual/update', analyst.token, {
      id: other.body.data.id,
      account: 'mallory',
      provider: 1001,
      riskType: 1,
    });
    expect(clash.body.msg).toBe('Account and Provide Duplicate!');
    const list = await get<RiskPage<ManualRiskRow>>('/risk/manual/list', otherScope.token);
    expect(list.body.data.items.map((r) => r.provider)).toEqual([1002]);
    expect((await post('/risk/manual/delete', analyst.token, { id: created.body.data.id })).body.code).toBe(
      0,
    );
    expect((await post('/risk/manual/delete', analyst.token, { id: created.body.data.id })).status).toBe(404);
  });
});

describe('Risk Setting', () => {
  it('gives the defaults, validates, stores and applies new thresholds to the running detector at once', async () => {
    const before = await get<RiskSettingsView>('/risk/settings', settingsAdmin.token);
    expect(before.body.data.settings).toEqual(DEFAULT_RISK_SETTINGS);
    const bad = await post('/risk/settings', settingsAdmin.token, { ...DEFAULT_RISK_SETTINGS, levelHigh: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ key: 'validation.levelOrder' });
    expect((await post('/risk/settings', analyst.token, DEFAULT_RISK_SETTINGS)).status).toBe(403);
    const saved = await post<RiskSettingsView>('/risk/settings', settingsAdmin.token, {
      ...DEFAULT_RISK_SETTINGS,
      minSharedRounds: 2,
    });
    expect(saved.body.data).toMatchObject({
      updatedBy: settingsAdmin.account,
      settings: { minSharedRounds: 2 },
    });
    await t.app.engine.submit(round(3, 'erin', 'frank'));
    const g = await until(async () => {
      const res = await get<RiskPage<CrossbetGroupRow>>('/risk/crossbet/groups', analyst.token, {
        account: 'erin',
      });
      return res.body.data.items[0];
    }, 'the erin group');
    expect(g.level).toBe(RiskLevel.High);
  });

  it('keeps Telegram groups with every field required and checks the group id', async () => {
    const missing = await post('/risk/telegram/create', settingsAdmin.token, {
      providerName: 'P',
      companyName: '',
    });
    expect(missing.status).toBe(400);
    const badId = await post('/risk/telegram/create', settingsAdmin.token, {
      providerName: 'P',
      companyName: 'C',
      groupId: 'not a chat',
    });
    expect(badId.body).toMatchObject({ key: 'risk.telegramGroupId' });
    const created = await post<TelegramGroupRow>('/risk/telegram/create', settingsAdmin.token, {
      providerName: 'P',
      companyName: 'C',
      groupId: '-1001234567',
      language: 'en',
    });
    expect(created.body.data).toMatchObject({ groupId: '-1001234567', language: 'en' });
    const test = await post('/risk/telegram/test', settingsAdmin.token, { id: created.body.data.id });
    expect(test.body).toMatchObject({ key: 'risk.telegramNotConfigured' });
    const list = await get<TelegramGroupRow[]>('/risk/telegram/list', settingsAdmin.token);
    expect(list.body.data).toHaveLength(1);
  });
});

describe('Telegram outbox', () => {
  let server: Server;
  let answers: ((res: ServerResponse) => void)[] = [];
  const received: { chat: string; text: string }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const next = answers.shift();
        if (next) return next(res);
        const parsed = JSON.parse(body) as { chat_id: string; text: string };
        received.push({ chat: parsed.chat_id, text: parsed.text });
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ ok: true, result: {} }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('keeps an alert while Telegram is down or says 429, then delivers it once, with a link, in the group language', async () => {
    const port = (server.address() as AddressInfo).port;
    const config: TelegramConfig = {
      apiBase: `http://127.0.0.1:${port}`,
      token: 'test-token',
      publicUrl: 'https://dms.example',
      ratePerMinute: 6000,
      timeoutMs: 2000,
    };
    let now = Date.now() + 10 * 60_000;
    const outbox = new TelegramOutbox(t.app.store, config, undefined, () => now);
    // The groups exist (one created above); the alerts raised after it have outbox rows.
    await t.app.engine.submit(round(4, 'gina', 'hank'));
    await until(async () => {
      const res = await get<RiskPage<CrossbetGroupRow>>('/risk/crossbet/groups', analyst.token, {
        account: 'gina',
      });
      return res.body.data.items[0];
    }, 'the gina group');
    answers = [
      (res) => {
        res.statusCode = 502;
        res.end('bad gateway');
      },
      (res) => {
        res.statusCode = 429;
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({ ok: false, description: 'Too Many Requests', parameters: { retry_after: 3 } }),
        );
      },
    ];
    expect(await outbox.drain()).toBe(0); // 502: kept
    now += 1_000;
    expect(await outbox.drain()).toBe(0); // 429 retry_after 3 s: kept
    now += 1_000;
    expect(await outbox.drain()).toBe(0); // too early for retry_after
    now += 5_000;
    expect(await outbox.drain()).toBeGreaterThanOrEqual(1);
    expect(received.length).toBeGreaterThanOrEqual(1);
    expect(received[0]!.chat).toBe('-1001234567');
    expect(received[0]!.text).toMatch(/cross-bet alert #\d+/);
    expect(received[0]!.text).toContain('https://dms.example/risk/alerts?id=');
    const count = received.length;
    now += 60_000;
    await outbox.drain();
    expect(received.length).toBe(count);
  });
});

describe('Telegram message', () => {
  it('is written in the group language, with the level, the kind and a link to the alert', () => {
    const alert = { id: 7, kind: 'crossbet', level: RiskLevel.High, subject: 'g1' };
    expect(alertText('zh', alert, 'https://dms.example')).toBe(
      '【高风险】对打告警 #7：g1\nhttps://dms.example/risk/alerts?id=7',
    );
    expect(alertText('en', alert, 'https://dms.example')).toBe(
      '[high risk] cross-bet alert #7: g1\nhttps://dms.example/risk/alerts?id=7',
    );
  });
});

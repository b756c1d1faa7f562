import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@dms/shared/contracts/envelope';
import type { AuditRow } from '@dms/shared/contracts/http/audit';
import {
  TABLE_ICON_MAX_BYTES,
  TABLE_ICON_PATH,
  type TableRow,
  type UnconfiguredTable,
} from '@dms/shared/contracts/http/tables';
import type { PlatformEvent } from '@dms/shared/contracts/events/platform';
import { API_BASE, TOKEN_COOKIE } from '@dms/shared/contracts/http/paths';
import { ERR } from '@dms/shared/errors/codes';
import { PERM } from '@dms/shared/permissions/codes';
import { createStaff, startTestApp, type StaffFixture, type TestApp } from '../../testing/testing.app';
import { EventBatchWriter } from '../../engine/batch.service';
import { EventsRepository } from '../../engine/events.repository';
import { DayCutter } from '../../engine/events.mapper';
import { listConfiguredTables } from './tables.repository';

/** A 1×1 PNG, a 1×1 GIF, and the first bytes of a JPEG and a WebP file (what the signature check reads). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9,
]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x1a, 0x00, 0x00, 0x00]),
  Buffer.from('WEBPVP8L'),
  Buffer.alloc(14, 1),
]);
const b64 = (b: Buffer) => b.toString('base64');

let t: TestApp;
/** Table setting (13001). */
let admin: StaffFixture;
/** Everything but table setting. */
let other: StaffFixture;

beforeAll(async () => {
  t = await startTestApp();
  admin = await createStaff(t, { codes: [PERM.TABLE_SETTING] });
  other = await createStaff(t, { codes: [PERM.RISK_DATA, PERM.RISK_SETTING, PERM.ROLE, PERM.STAFF] });
});

afterAll(async () => {
  await t?.close();
});

const post = <T>(path: string, body: unknown, token = admin.token) =>
  t.call<T>('POST', path, { token, body });
const list = (query: Record<string, string | number | undefined> = {}, token = admin.token) =>
  t.call<Page<TableRow>>('GET', '/gamesetting/table/list', { token, query });
const create = (o: Record<string, unknown>, token = admin.token) =>
  post<TableRow>(
    '/gamesetting/table/create',
    { gameId: 1, name: 'Table', type: 1, enabled: true, icon: b64(PNG), ...o },
    token,
  );
const auditOf = async (targetId: number) =>
  (
    await t.call<Page<AuditRow>>('GET', '/permission/audit/list', {
      token: t.adminToken,
      query: { targetType: 'table', pageSize: 100 },
    })
  ).body.data.list.filter((r) => r.targetId === String(targetId));
const icon = (id: number, headers: Record<string, string>) =>
  fetch(`${t.url}${API_BASE}${TABLE_ICON_PATH}/${id}`, { headers });

describe('table setting', () => {
  it('creates a table with its icon, lists it newest first and serves the icon with its media type', async () => {
    const first = await create({ tableId: 'LIST-A', name: 'Alpha', gameId: 1, type: 0 });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      tableId: 'LIST-A',
      name: 'Alpha',
      gameId: 1,
      type: 0,
      enabled: true,
      iconType: 'image/png',
      iconSize: PNG.length,
      createdBy: admin.account,
    });
    t.clock.advance(1000);
    const second = await create({ tableId: 'LIST-B', name: 'Beta', gameId: 2, type: 2, icon: b64(GIF) });
    expect(second.body.data.iconType).toBe('image/gif');
    const rows = (await list()).body.data;
    expect(rows.list.slice(0, 2).map((r) => r.tableId)).toEqual(['LIST-B', 'LIST-A']);

    const res = await icon(first.body.data.id, { cookie: `${TOKEN_COOKIE}=${admin.token}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    const gif = await icon(second.body.data.id, { authorization: `Bearer ${admin.token}` });
    expect(gif.headers.get('content-type')).toBe('image/gif');

    const audit = await auditOf(first.body.data.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'table.create', actorName: admin.account, targetType: 'table' });
    expect(JSON.parse(audit[0]?.detail ?? '{}')).toMatchObject({
      tableId: 'LIST-A',
      icon: { type: 'image/png', size: PNG.length },
    });
  });

  it.each([
    ['JPEG', JPEG, 'image/jpeg'],
    ['WebP', WEBP, 'image/webp'],
  ])('takes a %s icon by its signature', async (_name, bytes, type) => {
    const res = await create({ tableId: `SIG-${type.slice(6)}`, name: `Sig ${type}`, icon: b64(bytes) });
    expect(res.body.data.iconType).toBe(type);
    const served = await icon(res.body.data.id, { authorization: `Bearer ${admin.token}` });
    expect(served.headers.get('content-type')).toBe(type);
  });

  it('filters by game, enabled and keyword', async () => {
    await create({ tableId: 'FLT-1', name: 'Filter one', gameId: 2, enabled: false });
    await create({ tableId: 'FLT-2', name: 'Filter two', gameId: 1, enabled: true });
    const ids = async (q: Record<string, string | number>) =>
      (await list({ ...q, keyword: 'flt-' })).body.data.list.map((r) => r.tableId);
    expect(await ids({})).toEqual(['FLT-2', 'FLT-1']);
    expect(await ids({ gameId: 2 })).toEqual(['FLT-1']);
    expect(await ids({ enabled: 'true' })).toEqual(['FLT-2']);
    expect(await ids({ enabled: 'false', gameId: 1 })).toEqual([]);
    expect((await list({ keyword: 'filter TWO' })).body.data.list.map((r) => r.tableId)).toEqual(['FLT-2']);
    // A keyword is text, not a pattern.
    expect((await list({ keyword: '%' })).body.data.total).toBe(0);
    const bad = await list({ enabled: 'yes' });
    expect(bad.status).toBe(400);
    expect((await list({ gameId: 9 })).body).toMatchObject({
      code: ERR.GENERAL,
      key: 'validation.invalidValue',
    });
  });

  it('refuses a duplicate table id with "ID already exists" and a name taken in the game with "Game ID have already exist"', async () => {
    const base = await create({ tableId: 'DUP-1', name: 'Dragon', gameId: 1 });
    expect(base.status).toBe(200);
    const before = (await list()).body.data.total;
    const sameId = await create({ tableId: 'DUP-1', name: 'Other name', gameId: 2 });
    expect(sameId.status).toBe(409);
    expect(sameId.body).toMatchObject({
      code: ERR.GENERAL,
      msg: 'ID already exists',
      key: 'tables.idExists',
    });
    const sameName = await create({ tableId: 'DUP-2', name: 'DRAGON', gameId: 1 });
    expect(sameName.status).toBe(409);
    expect(sameName.body).toMatchObject({
      code: ERR.GENERAL,
      msg: 'Game ID have already exist',
      key: 'tables.gameNameExists',
    });
    // The same name in another game is another table.
    expect((await create({ tableId: 'DUP-3', name: 'Dragon', gameId: 2 })).status).toBe(200);
    expect((await list()).body.data.total).toBe(before + 1);

    // An update meets the same rules, its own id and name excepted.
    const other = await create({ tableId: 'DUP-4', name: 'Tiger', gameId: 1 });
    const upd = (o: Record<string, unknown>) =>
      post<TableRow>('/gamesetting/table/update', {
        id: other.body.data.id,
        gameId: 1,
        tableId: 'DUP-4',
        name: 'Tiger',
        type: 1,
        enabled: true,
        ...o,
      });
    expect((await upd({ tableId: 'DUP-1' })).body).toMatchObject({ key: 'tables.idExists' });
    expect((await upd({ name: 'dragon' })).body).toMatchObject({ key: 'tables.gameNameExists' });
    expect((await upd({ name: 'TIGER', type: 2 })).body.data).toMatchObject({ name: 'TIGER', type: 2 });
  });

  it('answers two concurrent creates of one table id with one table and "ID already exists"', async () => {
    const results = await Promise.all([
      create({ tableId: 'RACE-1', name: 'Race one' }),
      create({ tableId: 'RACE-1', name: 'Race two' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)?.body).toMatchObject({ key: 'tables.idExists' });
    expect((await list({ keyword: 'RACE-1' })).body.data.total).toBe(1);
  });

  it.each([
    [{ gameId: undefined }, 'validation.required', 'gameId'],
    [{ gameId: 3 }, 'validation.invalidValue', 'gameId'],
    [{ tableId: '' }, undefined, 'tableId'],
    [{ tableId: 'bad id!' }, 'tables.idCharacters', 'tableId'],
    [{ name: '   ' }, undefined, 'name'],
    [{ name: 'x'.repeat(65) }, 'validation.tooLong', 'name'],
    [{ type: undefined }, 'validation.required', 'type'],
    [{ type: 3 }, 'validation.invalidValue', 'type'],
    [{ enabled: undefined }, 'validation.required', 'enabled'],
    [{ icon: undefined }, 'validation.required', 'icon'],
    [{ icon: '' }, 'validation.required', 'icon'],
    [{ icon: 'not base64 at all!' }, 'tables.iconEncoding', 'icon'],
  ])('refuses %o (key %s) and writes nothing', async (o, key, field) => {
    const before = (await list()).body.data.total;
    const res = await create({ tableId: 'VAL-1', name: 'Valid', ...o });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(ERR.GENERAL);
    if (key) expect(res.body.key).toBe(key);
    expect(res.body.params?.field).toBe(field);
    expect((await list()).body.data.total).toBe(before);
  });

  it('refuses a renamed non-image, an SVG and an oversized image, by their bytes', async () => {
    const before = (await list()).body.data.total;
    const text = await create({
      tableId: 'UP-1',
      name: 'Text',
      icon: b64(Buffer.from('just text, named icon.png')),
    });
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ code: ERR.GENERAL, key: 'tables.iconType' });
    const svg = await create({
      tableId: 'UP-2',
      name: 'Svg',
      icon: b64(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
    });
    expect(svg.body).toMatchObject({ key: 'tables.iconType' });
    const big = Buffer.concat([PNG, Buffer.alloc(TABLE_ICON_MAX_BYTES + 1 - PNG.length)]);
    const large = await create({ tableId: 'UP-3', name: 'Large', icon: b64(big) });
    expect(large.status).toBe(400);
    expect(large.body).toMatchObject({
      code: ERR.GENERAL,
      key: 'tables.iconTooLarge',
      params: { max: '512 KB' },
    });
    // Exactly the limit passes.
    const limit = Buffer.concat([PNG, Buffer.alloc(TABLE_ICON_MAX_BYTES - PNG.length)]);
    const ok = await create({ tableId: 'UP-4', name: 'Limit', icon: b64(limit) });
    expect(ok.body.data.iconSize).toBe(TABLE_ICON_MAX_BYTES);
    expect((await list()).body.data.total).toBe(before + 1);
  });

  it('updates fields and icon, keeps the icon when none is sent, and audits each change', async () => {
    const made = (await create({ tableId: 'UPD-1', name: 'Before', type: 0 })).body.data;
    t.clock.advance(1000);
    const kept = await post<TableRow>('/gamesetting/table/update', {
      id: made.id,
      gameId: 2,
      tableId: 'UPD-1X',
      name: 'After',
      type: 2,
      enabled: false,
    });
    expect(kept.body.data).toMatchObject({
      tableId: 'UPD-1X',
      name: 'After',
      gameId: 2,
      type: 2,
      enabled: false,
      iconType: 'image/png',
      iconVersion: made.iconVersion,
    });
    expect(kept.body.data.updatedAt).toBeGreaterThan(made.updatedAt);
    const replaced = await post<TableRow>('/gamesetting/table/update', {
      id: made.id,
      gameId: 2,
      tableId: 'UPD-1X',
      name: 'After',
      type: 2,
      enabled: false,
      icon: b64(GIF),
    });
    expect(replaced.body.data.iconType).toBe('image/gif');
    expect(replaced.body.data.iconVersion).not.toBe(made.iconVersion);
    const served = await icon(made.id, { authorization: `Bearer ${admin.token}` });
    expect(served.headers.get('content-type')).toBe('image/gif');

    const missing = await post('/gamesetting/table/update', {
      id: 999_999,
      gameId: 1,
      tableId: 'NOPE',
      name: 'Nope',
      type: 0,
      enabled: true,
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: ERR.GENERAL, key: 'tables.notFound' });

    const audit = await auditOf(made.id);
    expect(audit.map((r) => r.action)).toEqual(['table.update', 'table.update', 'table.create']);
    expect(JSON.parse(audit[1]?.detail ?? '{}')).toMatchObject({
      tableId: 'UPD-1X',
      before: { tableId: 'UPD-1', name: 'Before', type: 0, enabled: true },
    });
    expect(JSON.parse(audit[1]?.detail ?? '{}').icon).toBeUndefined();
    expect(JSON.parse(audit[0]?.detail ?? '{}').icon).toMatchObject({ type: 'image/gif' });
  });

  it('enables and disables a table, deletes it with its icon, and audits both', async () => {
    const made = (await create({ tableId: 'ONOFF-1', name: 'On off' })).body.data;
    const off = await post<TableRow>('/gamesetting/table/enabled', { id: made.id, enabled: false });
    expect(off.body.data.enabled).toBe(false);
    const on = await post<TableRow>('/gamesetting/table/enabled', { id: made.id, enabled: true });
    expect(on.body.data.enabled).toBe(true);
    const del = await post('/gamesetting/table/delete', { id: made.id });
    expect(del.body).toEqual({ code: 0, msg: 'success', data: null });
    expect((await list({ keyword: 'ONOFF-1' })).body.data.total).toBe(0);
    expect((await icon(made.id, { authorization: `Bearer ${admin.token}` })).status).toBe(404);
    const again = await post('/gamesetting/table/delete', { id: made.id });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ key: 'tables.notFound' });
    expect((await post('/gamesetting/table/enabled', { id: made.id, enabled: true })).status).toBe(404);
    expect((await auditOf(made.id)).map((r) => r.action)).toEqual([
      'table.delete',
      'table.enable',
      'table.disable',
      'table.create',
    ]);
  });

  it('refuses everything, the icon included, without 13001 (403) and without a session (401)', async () => {
    const made = (await create({ tableId: 'PERM-1', name: 'Perm' })).body.data;
    const calls = [
      () => t.call('GET', '/gamesetting/table/list', { token: other.token }),
      () => t.call('GET', '/gamesetting/table/unconfigured', { token: other.token }),
      () => create({ tableId: 'PERM-2', name: 'Perm 2' }, other.token),
      () =>
        post(
          '/gamesetting/table/update',
          { id: made.id, gameId: 1, tableId: 'PERM-1', name: 'X', type: 0, enabled: true },
          other.token,
        ),
      () => post('/gamesetting/table/enabled', { id: made.id, enabled: false }, other.token),
      () => post('/gamesetting/table/delete', { id: made.id }, other.token),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: ERR.GENERAL, key: 'access.noPermission' });
    }
    const img = await icon(made.id, { cookie: `${TOKEN_COOKIE}=${other.token}` });
    expect(img.status).toBe(403);
    expect(await img.json()).toMatchObject({ code: ERR.GENERAL, key: 'access.noPermission' });
    expect((await icon(made.id, {})).status).toBe(401);
    const badId = await icon(0, { authorization: `Bearer ${admin.token}` });
    expect(badId.status).toBe(400);
    expect(await badId.json()).toMatchObject({ key: 'validation.integerRange', params: { field: 'id' } });
    // Nothing changed; the super role passes.
    expect((await list({ keyword: 'PERM-1' }, t.adminToken)).body.data.list[0]).toMatchObject({
      name: 'Perm',
      enabled: true,
    });
  });

  it('lists the tables the stored rounds name that are not configured, and exports the enabled ones', async () => {
    const scope = { provider: 1001, currency: 'CNY' };
    const round = (n: number, tableId: string, gameId: 1 | 2, ts: number): PlatformEvent => ({
      type: 'round.started',
      id: `rs-${tableId}-${n}`,
      ...scope,
      ts,
      roundId: `r-${tableId}-${n}`,
      gameId,
      tableId,
      shoeId: `${tableId}-S1`,
    });
    await create({ tableId: 'SEEN-CONF', name: 'Seen and configured', gameId: 1, type: 2 });
    const T0 = Date.UTC(2025, 5, 1, 4);
    const writer = new EventBatchWriter(EventsRepository.of(t.app.store), new DayCutter(t.config.timeZone));
    await writer.write([
      round(1, 'SEEN-1', 1, T0),
      round(2, 'SEEN-1', 1, T0 + 60_000),
      round(3, 'SEEN-1', 1, T0 + 120_000),
      round(1, 'SEEN-2', 2, T0 + 30_000),
      round(1, 'SEEN-CONF', 1, T0),
    ]);
    const res = await t.call<UnconfiguredTable[]>('GET', '/gamesetting/table/unconfigured', {
      token: admin.token,
    });
    expect(res.body.data).toEqual([
      { gameId: 1, tableId: 'SEEN-1', firstSeenAt: T0, lastSeenAt: T0 + 120_000, rounds: 3 },
      { gameId: 2, tableId: 'SEEN-2', firstSeenAt: T0 + 30_000, lastSeenAt: T0 + 30_000, rounds: 1 },
    ]);
    // Adopted: it leaves the list.
    await create({ tableId: 'SEEN-2', name: 'Seen two', gameId: 2, enabled: false });
    const after = await t.call<UnconfiguredTable[]>('GET', '/gamesetting/table/unconfigured', {
      token: admin.token,
    });
    expect(after.body.data.map((r) => r.tableId)).toEqual(['SEEN-1']);

    const configured = await listConfiguredTables(t.app.store.db);
    expect(configured.find((c) => c.tableId === 'SEEN-CONF')).toEqual({
      gameId: 1,
      tableId: 'SEEN-CONF',
      name: 'Seen and configured',
      type: 2,
    });
    expect(configured.some((c) => c.tableId === 'SEEN-2')).toBe(false);
    expect(configured.some((c) => c.tableId === 'FLT-1')).toBe(false);
  });

  it('is listed in /openapi.json with its statuses', async () => {
    const doc = (await (await fetch(`${t.url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown>; 'x-permission': unknown }>>;
    };
    expect(Object.keys(doc.paths['/gamesetting/table/create']?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '409']),
    );
    expect(doc.paths['/gamesetting/table/list']?.get?.['x-permission']).toEqual([PERM.TABLE_SETTING]);
    const iconOp = doc.paths[`${TABLE_ICON_PATH}/{id}`]?.get;
    expect(iconOp?.['x-permission']).toEqual([PERM.TABLE_SETTING]);
    expect(Object.keys(iconOp?.responses ?? {}).sort()).toEqual(['200', '400', '401', '403', '404', '500']);
  });
});

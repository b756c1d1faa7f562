import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { Rng } from '@dms/shared/games/rng';
import { PERM } from '@dms/shared/permissions/codes';
import { businessDayOf } from '@dms/shared/format/businessDay';
import {
  ADMIN_PASSWORD,
  createStaff,
  startTestApp,
  type TestApp,
} from '../../gateway/src/testing/testing.app';
import { createGenerator, type FuzzContext, type FuzzRequest, type OpenApiDoc } from './fuzz.generate';
import { fingerprint, seedEvents } from './fuzz.data';

/**
 * Thousands of generated malformed requests over every operation of `/openapi.json` (fixed seed), against
 * SQLite and, where DATABASE_URL is set, PostgreSQL. A run fails on any 5xx, on any answer that leaks a
 * stack, SQL or a file path, on a status the OpenAPI document does not list for the operation, and on any
 * change to the data that was good before it. `FUZZ_REQUESTS` and `FUZZ_SEED` change the run.
 */

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const SEED = process.env.FUZZ_SEED ?? 'dms-fuzz-1';
const CONCURRENCY = 8;
const INGEST_SECRET = 'fuzz-ingest-secret-0123456789';

/** What no answer may hold: stack frames, SQL and driver errors, file system paths. */
const LEAKS: [string, RegExp][] = [
  ['stack frame', /\bat [\w$.<>]+ \(|\n\s+at |node:internal/],
  ['error class', /\b(TypeError|RangeError|SyntaxError|ReferenceError|SqliteError|DatabaseError)\b/],
  [
    'SQL',
    /\b(select .+ from|insert into|update \w+ set|delete from|syntax error at|violates .+ constraint|SQLITE_|invalid input syntax|out of range for type|invalid byte sequence|unterminated|relation ")/i,
  ],
  ['file path', /(\/work\/|\/home\/|\/tmp\/|\/usr\/|node_modules|gateway\/src|file:\/\/|[A-Za-z]:\\)/],
];

interface Outcome {
  req: FuzzRequest;
  status: number;
  text: string;
}

/** Signs the admin in (with a remembered browser's device cookie, if given); returns the device cookie. */
async function signIn(url: string, device?: string): Promise<string> {
  const res = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(device ? { cookie: `dms_device=${device}` } : {}) },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  const body = (await res.json()) as { code: number; msg: string };
  if (body.code !== 0) throw new Error(`admin sign-in refused: ${body.code} ${body.msg}`);
  const set = res.headers.getSetCookie().find((c) => c.startsWith('dms_device='));
  return device ?? /^dms_device=([^;]+)/.exec(set ?? '')?.[1] ?? '';
}

const stores: { name: string; databaseUrl: string | undefined }[] = [
  { name: 'SQLite', databaseUrl: undefined },
  ...(process.env.DATABASE_URL ? [{ name: 'PostgreSQL', databaseUrl: process.env.DATABASE_URL }] : []),
];

describe.each(stores)('API fuzz on $name', ({ name, databaseUrl }) => {
  let t: TestApp;
  let ctx: FuzzContext;
  let documented: Map<string, Set<string>>;
  /** The device cookie of a browser the admin signed in with before the run. */
  let adminDevice: string;

  beforeAll(async () => {
    t = await startTestApp({
      env: {
        DATABASE_URL: databaseUrl,
        DMS_INGEST_SECRET: INGEST_SECRET,
        DMS_FEED: 'ingest',
        DMS_LOGIN_RATE: '1000',
      },
    });
    const doc = (await (await fetch(`${t.url}/openapi.json`)).json()) as OpenApiDoc;
    adminDevice = await signIn(t.url);
    documented = new Map();
    for (const methods of Object.values(doc.paths))
      for (const op of Object.values(methods))
        documented.set(op.operationId, new Set(Object.keys(op.responses)));

    // Good data: roles, accounts, and a few days of platform events through the signed ingest.
    const events = seedEvents(Date.now());
    for (let i = 0; i < events.length; i += 200) {
      const body = JSON.stringify({ events: events.slice(i, i + 200) });
      const ts = Date.now();
      const res = await fetch(`${t.url}/api/ingest/events`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-dms-timestamp': String(ts),
          'x-dms-signature': `sha256=${createHmac('sha256', INGEST_SECRET).update(`${ts}.${body}`).digest('hex')}`,
        },
        body,
      });
      const answer = (await res.json()) as { data: { accepted: number; refused: unknown[] } };
      expect(answer.data.refused).toEqual([]);
    }
    const manager = await createStaff(t, { codes: [PERM.STAFF, PERM.ROLE, PERM.RISK_DATA] });
    const narrow = await createStaff(t, { codes: [PERM.RISK_DATA], providers: [1001], currencies: ['CNY'] });
    const days = events.map((e) => businessDayOf(e.ts, t.config.timeZone)).sort();
    ctx = {
      doc,
      adminToken: t.adminToken,
      staffToken: narrow.token,
      roleIds: [manager.roleId, narrow.roleId],
      staffIds: [manager.accountId, narrow.accountId],
      firstDay: days[0] ?? '2026-01-01',
      lastDay: days[days.length - 1] ?? '2026-01-01',
      ingestSecret: INGEST_SECRET,
      adminPassword: ADMIN_PASSWORD,
    };
  });

  afterAll(async () => {
    await t?.close();
  });

  it(`answers ${REQUESTS} malformed requests without a 5xx, a leak, an undocumented status or a change to good data`, async () => {
    const before = await fingerprint(t.app.store);
    const next = createGenerator(ctx, new Rng(`${SEED}:${name}`));
    const requests = Array.from({ length: REQUESTS }, next);
    const outcomes: Outcome[] = [];
    let cursor = 0;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (;;) {
          const req = requests[cursor++];
          if (!req) return;
          const res = await fetch(`${t.url}${req.url}`, {
            method: req.method,
            headers: req.headers,
            ...(req.body !== undefined ? { body: req.body } : {}),
          });
          // A file (an .xlsx is a zip) is not text: its bytes may spell anything, so only text is searched.
          const textual = /json|text|html/.test(res.headers.get('content-type') ?? '');
          const text = textual ? await res.text() : `<${res.headers.get('content-type')} file>`;
          outcomes.push({ req, status: res.status, text });
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;

    const statuses: Record<string, number> = {};
    for (const o of outcomes) statuses[o.status] = (statuses[o.status] ?? 0) + 1;
    const serverErrors = outcomes.filter((o) => o.status >= 500);
    const leaks = outcomes.flatMap((o) =>
      LEAKS.filter(([, re]) => re.test(o.text)).map(([what]) => ({
        what,
        status: o.status,
        op: o.req.op,
        mutation: o.req.mutation,
        text: o.text.slice(0, 300),
      })),
    );
    const undocumented = outcomes
      .filter((o) => !documented.get(o.req.op)?.has(String(o.status)))
      .map((o) => ({ op: o.req.op, status: o.status, mutation: o.req.mutation, text: o.text.slice(0, 200) }));
    const accepted = outcomes.filter((o) => o.status < 300 && o.req.method !== 'GET');
    console.log(
      `fuzz ${name}: ${outcomes.length} requests in ${seconds.toFixed(1)} s (seed ${SEED}), statuses ${JSON.stringify(statuses)}, 5xx: ${serverErrors.length}`,
    );

    expect(
      serverErrors.map((o) => ({
        op: o.req.op,
        mutation: o.req.mutation,
        url: o.req.url.slice(0, 120),
        text: o.text.slice(0, 200),
      })),
    ).toEqual([]);
    expect(leaks).toEqual([]);
    // One example of each operation and status the document does not list.
    expect([...new Map(undocumented.map((u) => [`${u.op} ${u.status}`, u])).values()]).toEqual([]);
    // Every write was broken: none may succeed, unless it is the ingest answering with every event refused.
    expect(
      accepted
        .filter((o) => !(o.req.op === 'ingestEvents' && /"accepted":0,/.test(o.text)))
        .map((o) => ({ op: o.req.op, mutation: o.req.mutation, text: o.text.slice(0, 200) })),
    ).toEqual([]);
    expect(await fingerprint(t.app.store)).toEqual(before);
    // The admin's session of the run is still open, it still signs in with its password, and the gateway
    // is healthy.
    const info = await fetch(`${t.url}/api/user/info`, {
      headers: { authorization: `Bearer ${ctx.adminToken}` },
    });
    expect(info.status).toBe(200);
    // The fuzz spent the address's sign-in budget; a browser the admin signed in with before still signs in.
    expect(await signIn(t.url, adminDevice)).toBeTruthy();
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
  });
});

import { createHmac } from 'node:crypto';
import type { Rng } from '@dms/shared/games/rng';

/**
 * Generates malformed requests over every operation of the OpenAPI document. Every request is broken in
 * at least one way that the contract refuses (a field of the wrong type, out of range, over-long or holding
 * control or bidirectional control characters; a body that is not JSON, too large, of an unsupported
 * encoding; a missing or forged token or signature; a path parameter that is no id), so that a write
 * operation never goes through and the data that was good before must stay exactly as it was. Read
 * operations also get well-formed but hostile values (SQL fragments, LIKE wildcards, digits of other
 * scripts), since reading them changes nothing.
 */

/** The slice of an OpenAPI 3.1 document the fuzzer reads. */
export interface OpenApiDoc {
  servers: { url: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
}
export interface OpenApiOperation {
  operationId: string;
  parameters?: { name: string; in: 'query' | 'path' | 'header'; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, unknown>;
  security?: unknown[];
}
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  default?: unknown;
  [k: string]: unknown;
};

/** What the generator needs to know of the running gateway and its data. */
export interface FuzzContext {
  doc: OpenApiDoc;
  adminToken: string;
  /** A signed-in account with a narrow scope (one provider, one currency, no special codes). */
  staffToken: string;
  roleIds: number[];
  staffIds: number[];
  /** Business days that hold the seeded data (YYYY-MM-DD). */
  firstDay: string;
  lastDay: string;
  ingestSecret: string;
  adminPassword: string;
}

export interface FuzzRequest {
  /** The operation aimed at (`operationId`), or `unrouted` for a method or path no operation has. */
  op: string;
  method: string;
  /** Path and query, relative to the gateway's origin. */
  url: string;
  headers: Record<string, string>;
  body?: string | ArrayBuffer;
  /** What was broken, for the failure report. */
  mutation: string;
}

interface Op {
  key: string;
  method: string;
  path: string;
  op: OpenApiOperation;
  body: JsonSchema | undefined;
  query: NonNullable<OpenApiOperation['parameters']>;
  write: boolean;
  public: boolean;
}

/** Strings every text field, id, code or date of the contract refuses. */
const BAD_STRINGS = [
  '\u0000',
  'a\u0000b',
  'admin\u0000',
  'x\u202ey',
  '\u2066pdf.exe\u2069',
  'ok\u001b[31m',
  'tab\tin',
  'line\r\nbreak',
  '\u007f',
  'x'.repeat(5000),
  "'; drop table role; --\u0000",
  '<script>alert(1)</script>\u0000',
  '${7*7}\u0000',
];

/** Numbers no id, page, size or amount of the contract takes. */
// 2 ** 53 + 2: the first integer past the safe range that a double holds exactly.
const BAD_NUMBERS = [-1, 0, 1.5, -2147483649, 2147483648, 1e20, 2 ** 53 + 2, -0.000001];

/** Values of the wrong JSON type for a scalar field. */
const WRONG_TYPES: unknown[] = [
  {},
  { $gt: '' },
  ['\u0000'],
  [{}],
  '\u0000',
  'abc',
  'NaN',
  'Infinity',
  '1e999',
];

/** Well-formed but hostile text for read-only operations (searches and filters). */
const HOSTILE_READS = [
  "' OR '1'='1",
  '%',
  '_',
  '\\',
  '%_\\%',
  '😀',
  '١٢٣',
  '-0',
  '0x10',
  '1e3',
  ' 5 ',
  'NaN',
  'null',
  'undefined',
  '[]',
  '{}',
  'true',
  '1001,1001,,1002',
  '1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20',
  '2026-02-30',
  '9999-12-31',
  '0000-01-01',
  'asc;desc',
  'ts desc',
  '__proto__',
  'constructor',
  '../../etc/passwd',
  'Ｃ Ｎ Ｙ',
];

/** Raw query fragments (not URL-encoded by the generator). */
const RAW_QUERY = [
  '%00',
  '%ZZ',
  '%',
  '%C0%AF',
  '%E2%80%AE',
  '%FF%FE',
  '[]=1',
  '[a]=b',
  '=',
  '&&&',
  '%2500',
  '%0A%0D',
];

const pick = <T>(rng: Rng, items: readonly T[]): T => items[rng.int(items.length)] as T;

function typesOf(schema: JsonSchema | undefined): Set<string> {
  const out = new Set<string>();
  if (!schema) return out;
  if (typeof schema.type === 'string') out.add(schema.type);
  if (Array.isArray(schema.type)) for (const t of schema.type) out.add(t);
  for (const s of schema.anyOf ?? []) for (const t of typesOf(s)) out.add(t);
  if (schema.enum) out.add('enum');
  return out;
}

/**
 * Whether a numeric schema refuses `n`: out of its bounds, or not an integer where it wants one. A schema
 * without bounds (or a union) is taken to refuse the usual bad numbers, as before; but a threshold of
 * 0–100 takes 0 and 1.5, which are then no bad values.
 */
function refusesNumber(schema: JsonSchema | undefined, n: number): boolean {
  if (!schema || schema.anyOf) return true;
  const bound = (k: string) => (typeof schema[k] === 'number' ? (schema[k] as number) : undefined);
  const [min, max, gt, lt] = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'].map(bound);
  if (min === undefined && max === undefined && gt === undefined && lt === undefined) return true;
  if (typesOf(schema).has('integer') && !Number.isSafeInteger(n)) return true;
  return (
    (min !== undefined && n < min) ||
    (max !== undefined && n > max) ||
    (gt !== undefined && n <= gt) ||
    (lt !== undefined && n >= lt)
  );
}

/** A value of a field that the contract refuses, chosen by the field's schema. */
function badValue(rng: Rng, name: string, schema: JsonSchema | undefined): unknown {
  const types = typesOf(schema);
  const candidates: unknown[] = [...BAD_STRINGS];
  if (!types.has('string') && !types.has('enum'))
    candidates.push(...WRONG_TYPES.filter((v) => typeof v !== 'string'));
  if (types.has('number') || types.has('integer'))
    candidates.push(...BAD_NUMBERS.filter((n) => refusesNumber(schema, n)));
  if (types.has('array'))
    candidates.push([0], [-1], [2147483648], ['\u0000'], ['cny'], [{}], new Array(600).fill(1001));
  if (types.size === 0) candidates.push(...BAD_NUMBERS, ...WRONG_TYPES);
  // A list of permission codes refuses text that is not digits; an id never takes a string of letters.
  if (name === 'permission') candidates.push('80a0', ['8000', 'x']);
  return pick(rng, candidates);
}

function goodValue(name: string, schema: JsonSchema | undefined, ctx: FuzzContext, opKey: string): unknown {
  const role = ctx.roleIds[0] ?? 2;
  const staff = ctx.staffIds[0] ?? 2;
  switch (name) {
    case 'username':
      return 'admin';
    case 'password':
    case 'oldPassword':
      return ctx.adminPassword;
    case 'newPassword':
    case 'confirmPassword':
      return 'fuzz-new-password';
    case 'name':
      return 'Fuzz role';
    case 'description':
      return 'written by the fuzzer';
    case 'permission':
      return ['8000'];
    case 'id':
      return opKey.startsWith('role') ? role : staff;
    case 'account':
      return opKey.startsWith('staff') ? 'fuzzaccount' : 'fz-1001-1';
    case 'nickname':
      return 'Fuzz';
    case 'roleId':
      return role;
    case 'providers':
      return [1001];
    case 'currencies':
      return opKey.startsWith('staff') ? ['CNY'] : 'CNY,USD';
    case 'providerIds':
      return '1001,1002,1003';
    case 'startDate':
    case 'aStart':
    case 'bStart':
      return ctx.firstDay;
    case 'endDate':
    case 'aEnd':
    case 'bEnd':
      return ctx.lastDay;
    case 'page':
      return 1;
    case 'pageSize':
      return 20;
    case 'keyword':
      return 'a';
    case 'actorId':
      return 1;
    case 'events':
      return [];
    default:
      break;
  }
  if (schema?.enum?.length) return schema.enum[0];
  if (schema?.default !== undefined) return schema.default;
  const types = typesOf(schema);
  if (types.has('integer') || types.has('number')) return 1;
  if (types.has('array')) return [];
  if (types.has('boolean')) return true;
  return 'x';
}

function opsOf(doc: OpenApiDoc): Op[] {
  const ops: Op[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = op.requestBody?.content ?? {};
      const body = (content['application/json'] ?? Object.values(content)[0])?.schema;
      ops.push({
        key: op.operationId,
        method: method.toUpperCase(),
        path,
        op,
        body,
        query: (op.parameters ?? []).filter((p) => p.in === 'query'),
        write: method.toUpperCase() !== 'GET',
        public: Array.isArray(op.security) && op.security.length === 0,
      });
    }
  }
  return ops;
}

function encodeQuery(entries: [string, unknown][]): string {
  return entries
    .map(
      ([k, v]) =>
        `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`,
    )
    .join('&');
}

function signed(ctx: FuzzContext, body: string, timestamp = Date.now()): Record<string, string> {
  const mac = createHmac('sha256', ctx.ingestSecret).update(`${timestamp}.${body}`).digest('hex');
  return { 'x-dms-timestamp': String(timestamp), 'x-dms-signature': `sha256=${mac}` };
}

/** Platform events of every type, each broken in one field, for the signed ingest. */
function badEvent(rng: Rng): { event: Record<string, unknown>; field: string } {
  const ts = Date.now() - 60_000;
  const common = { provider: 1001, currency: 'CNY', ts };
  const templates: Record<string, unknown>[] = [
    {
      type: 'player.login',
      id: 'fz-x-login',
      ...common,
      playerId: 1,
      account: 'p',
      ip: '10.0.0.1',
      device: 'ios',
    },
    {
      type: 'player.registered',
      id: 'fz-x-reg',
      ...common,
      playerId: 1,
      account: 'p',
      ip: '10.0.0.1',
      device: 'ios',
    },
    { type: 'transfer', id: 'fz-x-tr', ...common, playerId: 1, account: 'p', direction: 1, amount: 5 },
    {
      type: 'round.started',
      id: 'fz-x-rs',
      ...common,
      roundId: 'fz-x-r',
      gameId: 1,
      tableId: 'T',
      shoeId: 'S',
    },
    {
      type: 'bet.placed',
      id: 'fz-x-bet',
      ...common,
      playerId: 1,
      account: 'p',
      transactionId: 'fz-x-bet',
      roundId: 'fz-x-r',
      betType: 'banker',
      amount: 5,
      gameId: 1,
      shoeId: 'S',
      tableId: 'T',
    },
    {
      type: 'round.settled',
      id: 'fz-x-st',
      ...common,
      roundId: 'fz-x-r',
      gameId: 1,
      tableId: 'T',
      shoeId: 'S',
      result: { winner: 'banker' },
      payouts: [{ transactionId: 'fz-x-bet', playerId: 1, payout: 10 }],
    },
    { type: 'bonus.granted', id: 'fz-x-bo', ...common, playerId: 1, account: 'p', kind: 'k', amount: 1 },
    { type: 'prize.awarded', id: 'fz-x-pr', ...common, playerId: 1, account: 'p', kind: 'k', amount: 1 },
  ];
  const event = { ...pick(rng, templates) };
  const fields = Object.keys(event);
  const field = pick(rng, fields);
  const byField: Record<string, unknown[]> = {
    type: ['nope', '', null, 7, 'bet.placed\u0000'],
    id: BAD_STRINGS.concat(['', 'x'.repeat(65), 'a b']),
    provider: [0, -1, 2147483648, 1.5, '1001', null],
    currency: ['cny', '', 'C', 'CNY\u0000', 12],
    ts: [0, -1, 4_102_444_800_001, 1.5, '1', null],
    playerId: [0, -1, 2 ** 53, 1.5, '1'],
    account: [...BAD_STRINGS, '', 7],
    device: BAD_STRINGS.concat(['']),
    ip: ['10.0.0.256', 'x', '\u0000', ''],
    direction: [2, -1, '1', null],
    amount: [-1, 1.5, 1e14, '5', null],
    roundId: BAD_STRINGS.concat(['']),
    transactionId: BAD_STRINGS.concat(['']),
    tableId: BAD_STRINGS.concat(['']),
    shoeId: BAD_STRINGS.concat(['']),
    gameId: [0, 3, '1', null],
    betType: ['pair_plus', 'nope', ...BAD_STRINGS],
    kind: BAD_STRINGS.concat(['']),
    result: ['x', [], null, { big: 'x'.repeat(5000) }],
    payouts: ['x', null, [{ transactionId: 'a', playerId: 0, payout: 1 }], [{}]],
  };
  event[field] = pick(rng, byField[field] ?? BAD_STRINGS);
  // A bet of the wrong game is refused only when the game is right: keep the pair consistent.
  if (field === 'betType' && event.betType === 'pair_plus') event.gameId = 1;
  return { event, field };
}

/**
 * Makes request number `i` of a run. Deterministic for a given generator state: the same seed gives the
 * same sequence of requests.
 */
export function createGenerator(ctx: FuzzContext, rng: Rng): () => FuzzRequest {
  const ops = opsOf(ctx.doc);
  const base = ctx.doc.servers[0]?.url ?? '/api';
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

  function fill(op: Op): { query: [string, unknown][]; body: Record<string, unknown> | undefined } {
    const query: [string, unknown][] = op.query
      .filter((p) => p.required || rng.next() < 0.7)
      .map((p) => [p.name, goodValue(p.name, p.schema, ctx, op.key)]);
    let body: Record<string, unknown> | undefined;
    if (op.body?.properties) {
      body = {};
      for (const [name, schema] of Object.entries(op.body.properties)) {
        if (op.body.required?.includes(name) || rng.next() < 0.8)
          body[name] = goodValue(name, schema, ctx, op.key);
      }
    }
    return { query, body };
  }

  function pathOf(op: Op): string {
    return op.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
      name === 'uid' ? String(1 + rng.int(3)) : '1',
    );
  }

  function ingest(op: Op): FuzzRequest {
    const url = `${base}${op.path}`;
    const kind = rng.int(8);
    if (kind <= 3) {
      const events = Array.from({ length: 1 + rng.int(4) }, () => badEvent(rng));
      const body = JSON.stringify({ events: events.map((e) => e.event) });
      return {
        op: op.key,
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', ...signed(ctx, body) },
        body,
        mutation: `events broken in ${events.map((e) => e.field).join(', ')}`,
      };
    }
    const good = JSON.stringify({ events: [badEvent(rng).event] });
    switch (kind) {
      case 4:
        return {
          op: op.key,
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          body: good,
          mutation: 'unsigned',
        };
      case 5:
        return {
          op: op.key,
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json', ...signed(ctx, good, Date.now() - 3_600_000) },
          body: good,
          mutation: 'stale timestamp',
        };
      case 6: {
        const body = pick(rng, [
          '{"events":',
          '[]',
          '{"events":"x"}',
          '{"events":[]}',
          'null',
          '{"events":{"0":{}}}',
          '\u0000',
        ]);
        return {
          op: op.key,
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json', ...signed(ctx, body) },
          body,
          mutation: `signed non-batch ${JSON.stringify(body)}`,
        };
      }
      default: {
        const headers: Record<string, string> = { 'content-type': 'application/json', ...signed(ctx, good) };
        headers['x-dms-signature'] = pick(rng, [
          'sha256=',
          'sha256=zz',
          'md5=00',
          `${headers['x-dms-signature']}0`,
          '',
        ]);
        return { op: op.key, method: 'POST', url, headers, body: good, mutation: 'forged signature' };
      }
    }
  }

  function avatar(op: Op): FuzzRequest {
    const uid = pick(rng, [
      '0',
      '-1',
      '1.5',
      '99999999999999',
      '2147483648',
      'abc',
      '%00',
      '%ZZ',
      '..%2F..%2Fetc%2Fpasswd',
      'x'.repeat(300),
      '1%00',
      '١',
    ]);
    const withToken = rng.next() < 0.5;
    return {
      op: op.key,
      method: 'GET',
      url: `${base}${op.path.replace('{uid}', uid)}${rng.next() < 0.5 ? '?imageView2/1/w/80/h/80' : ''}`,
      headers: withToken ? { cookie: `Admin-Token=${ctx.adminToken}` } : {},
      mutation: `avatar uid ${uid}${withToken ? '' : ' without a session'}`,
    };
  }

  return () => {
    const op = pick(rng, ops);
    if (op.path.startsWith('/ingest/')) return ingest(op);
    if (op.path.includes('{uid}')) return avatar(op);
    const { query, body } = fill(op);
    const path = pathOf(op);
    const headers: Record<string, string> = { ...auth(ctx.adminToken) };
    let rawBody: string | ArrayBuffer | undefined;
    let rawQuery = '';
    const mutations: string[] = [];
    const hasFields =
      Boolean(body && Object.keys(op.body?.properties ?? {}).length > 0) || op.query.length > 0;
    const roll = rng.int(10);

    if (roll <= 4 && hasFields) {
      // Break one to three fields with values the contract refuses.
      const names = [
        ...(body ? Object.keys(op.body?.properties ?? {}).map((n) => ['body', n] as const) : []),
        ...op.query.map((p) => ['query', p.name] as const),
      ];
      const count = 1 + rng.int(Math.min(3, names.length));
      for (let k = 0; k < count; k++) {
        const [where, name] = pick(rng, names);
        if (where === 'body' && body) {
          body[name] = badValue(rng, name, op.body?.properties?.[name]);
          mutations.push(`body.${name}=${JSON.stringify(body[name]).slice(0, 40)}`);
        } else {
          const schema = op.query.find((p) => p.name === name)?.schema;
          const value = op.write || rng.next() < 0.5 ? badValue(rng, name, schema) : pick(rng, HOSTILE_READS);
          const i = query.findIndex(([n]) => n === name);
          if (i >= 0) query[i] = [name, value];
          else query.push([name, value]);
          mutations.push(`query.${name}=${JSON.stringify(value).slice(0, 40)}`);
        }
      }
      if (rng.next() < 0.2 && body) {
        // An own `__proto__` key, as JSON.parse makes one (an assignment would set the prototype instead).
        Object.defineProperty(body, '__proto__', { value: { isSuper: true }, enumerable: true });
        body['constructor'] = { prototype: { admin: true } };
        mutations.push('prototype keys');
      }
    } else if (roll <= 6 && !op.write) {
      // Query strings no client makes: raw bytes, repeated and bracketed keys.
      const name = op.query.length > 0 ? pick(rng, op.query).name : 'q';
      rawQuery = `${encodeURIComponent(name)}=${pick(rng, RAW_QUERY)}&${encodeURIComponent(name)}[]=${pick(rng, RAW_QUERY)}&${encodeURIComponent(name)}=${encodeURIComponent(pick(rng, HOSTILE_READS))}`;
      mutations.push(`raw query ${rawQuery.slice(0, 60)}`);
    } else if (roll <= 8 && op.write) {
      // Bodies that are no JSON object, or that the body parser refuses. An operation without a body
      // (sign-out) ignores a well-formed one: it only gets bodies the parser itself refuses.
      const kind = hasFields ? rng.int(8) : pick(rng, [0, 2, 3, 4, 5]);
      if (kind === 0) {
        rawBody = '{"username": "admin", ';
        headers['content-type'] = 'application/json';
      } else if (kind === 1) {
        rawBody = `${'['.repeat(5000)}${']'.repeat(5000)}`;
        headers['content-type'] = 'application/json';
      } else if (kind === 2) {
        rawBody = JSON.stringify({ pad: 'x'.repeat(1_100_000) });
        headers['content-type'] = 'application/json';
      } else if (kind === 3) {
        // A charset the body parser refuses (it decodes every utf-* one, utf-7 included).
        rawBody = JSON.stringify(body ?? {});
        headers['content-type'] =
          `application/json; charset=${pick(rng, ['iso-8859-1', 'x-unknown', 'latin1', 'ucs-2'])}`;
      } else if (kind === 4) {
        rawBody = 'not gzip at all';
        headers['content-type'] = 'application/json';
        headers['content-encoding'] = pick(rng, ['gzip', 'deflate', 'br', 'x-unknown']);
      } else if (kind === 5) {
        rawBody = pick(rng, ['null', '7', '"str"', 'true', '\u0000', '{"a":1}}']);
        headers['content-type'] = 'application/json';
      } else if (kind === 6) {
        rawBody = '\ufeff{"id":1}\u0000';
        headers['content-type'] = 'application/json';
      } else {
        rawBody = new Uint8Array([0xff, 0xfe, 0x7b, 0x00, 0x22, 0xc3, 0x28, 0x7d]).buffer;
        headers['content-type'] = 'application/json';
      }
      mutations.push(`body kind ${kind}`);
    } else {
      // The caller: no token, a forged one, another scheme, or (reads only) a narrow account.
      const kind = rng.int(op.write ? 5 : 6);
      if (kind === 0) delete headers.authorization;
      else if (kind === 1) headers.authorization = `Bearer ${'A'.repeat(43)}`;
      else if (kind === 2) headers.authorization = `Basic ${Buffer.from('admin:x').toString('base64')}`;
      else if (kind === 3) headers.authorization = `Bearer ${ctx.adminToken}x`;
      else if (kind === 4) headers.authorization = 'Bearer';
      else headers.authorization = `Bearer ${ctx.staffToken}`;
      mutations.push(`authorization kind ${kind}`);
      // A public write (sign-in) ignores the token: break a field too, so that it is refused all the same.
      if (op.public && op.write && body) {
        const name = pick(rng, Object.keys(op.body?.properties ?? { username: {} }));
        body[name] = badValue(rng, name, op.body?.properties?.[name]);
        mutations.push(`body.${name}`);
      }
    }

    // A write without fields (sign-out) is only ever sent with a body the parser refuses or a bad token.
    if (
      op.write &&
      !hasFields &&
      rawBody === undefined &&
      headers.authorization === `Bearer ${ctx.adminToken}`
    ) {
      rawBody = '{"oops":';
      headers['content-type'] = 'application/json';
      mutations.push('unparsable body');
    }

    if (op.write && rawBody === undefined) {
      rawBody = JSON.stringify(body ?? {});
      headers['content-type'] ??= 'application/json';
    }
    const qs = rawQuery || encodeQuery(query);
    return {
      op: op.key,
      method: op.method,
      url: `${base}${path}${qs ? `?${qs}` : ''}`,
      headers,
      ...(rawBody !== undefined ? { body: rawBody } : {}),
      mutation: mutations.join('; ') || 'none',
    };
  };
}

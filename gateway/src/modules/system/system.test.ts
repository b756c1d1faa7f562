import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR } from '@dms/shared/errors/codes';
import { pino } from 'pino';
import { endpoints, rawOperations } from '@dms/shared/contracts/http/endpoints';
import { MESSAGES } from '@dms/shared/errors/messages';
import { startTestApp, type TestApp } from '../../testing/testing.app';
import { tempDir } from '../../testing/testing.store';

let t: TestApp;
let clientDir: string;
beforeAll(async () => {
  clientDir = tempDir();
  mkdirSync(join(clientDir, 'assets'), { recursive: true });
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Data Management System</title>');
  writeFileSync(join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await startTestApp({ env: { DMS_CLIENT_DIR: clientDir } });
});
afterAll(async () => {
  await t?.close();
});

interface OpenApiOperation {
  operationId: string;
  security: unknown[];
  'x-permission': unknown;
  description: string;
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
}
interface OpenApiDoc {
  openapi: string;
  servers: { url: string }[];
  components: {
    securitySchemes: Record<string, { type: string; scheme: string }>;
    schemas?: Record<string, unknown>;
  };
  paths: Record<string, Record<string, OpenApiOperation>>;
}

describe('GET /healthz', () => {
  it('reports ok with the database kind, uptime and version', async () => {
    const res = await fetch(`${t.url}/healthz`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { code: number; msg: string; data: Record<string, unknown> };
    expect(body).toMatchObject({ code: 0, msg: 'success', data: { status: 'ok', version: '1.4' } });
    expect(body.data.db).toBe(process.env.DATABASE_URL ? 'postgres' : 'sqlite');
    expect(body.data.uptimeMs).toEqual(expect.any(Number));
  });
});

describe('GET /openapi.json', () => {
  let doc: OpenApiDoc;
  beforeAll(async () => {
    const res = await fetch(`${t.url}/openapi.json`);
    expect(res.status).toBe(200);
    doc = (await res.json()) as OpenApiDoc;
  });

  it('is an OpenAPI 3.1 document served under /api with a bearer security scheme', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: '/api' }]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('documents every endpoint of the registry with its access codes', () => {
    for (const [key, def] of Object.entries(endpoints)) {
      const op = doc.paths[def.path]?.[def.method.toLowerCase()];
      expect(op, `${def.method} ${def.path}`).toBeDefined();
      expect(op?.operationId).toBe(key);
      expect(op?.['x-permission']).toEqual(def.access);
      expect(op?.security).toEqual(def.access === 'public' ? [] : [{ bearerAuth: [] }]);
      if (Array.isArray(def.access)) for (const code of def.access) expect(op?.description).toContain(code);
      if ('body' in def) expect(op?.requestBody?.content['application/json']?.schema).toBeDefined();
    }
  });

  it('documents the operations outside the registry: the signed ingest and the avatar image', () => {
    const ingest = doc.paths['/ingest/events']?.post;
    expect(ingest?.operationId).toBe('ingestEvents');
    expect(ingest?.security).toEqual([]);
    expect(ingest?.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual([
      'header:x-dms-timestamp',
      'header:x-dms-signature',
    ]);
    expect(ingest?.requestBody?.content['application/json']?.schema).toBeDefined();
    expect(Object.keys(ingest?.responses ?? {}).sort()).toEqual(
      ['200', '400', '401', '413', '415', '429', '500', '503'].sort(),
    );
    const avatar = doc.paths['/avatar/{uid}']?.get;
    expect(avatar?.operationId).toBe('avatar');
    expect(avatar?.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(['path:uid']);
    expect(Object.keys(avatar?.responses['200']?.content ?? {})).toEqual(['image/svg+xml']);
    expect(Object.keys(avatar?.responses ?? {}).sort()).toEqual(['200', '400', '401', '404', '500']);
    for (const [key, def] of Object.entries(rawOperations)) {
      expect(doc.paths[def.path]?.[def.method.toLowerCase()]?.operationId).toBe(key);
    }
  });

  it('lists every status an operation answers: scope 403, empty export 404, role and staff 404 and 409', () => {
    const statuses = (path: string, method = 'get') =>
      Object.keys(doc.paths[path]?.[method]?.responses ?? {});
    for (const path of ['/stats/summary', '/stats/game-records', '/company-profit/compare'])
      expect(statuses(path)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '500']));
    expect(statuses('/stats/daily/export')).toEqual(expect.arrayContaining(['403', '404']));
    expect(statuses('/permission/role/update', 'post')).toEqual(
      expect.arrayContaining(['403', '404', '409', '413', '415']),
    );
    expect(statuses('/permission/role/delete', 'post')).toEqual(
      expect.arrayContaining(['403', '404', '409']),
    );
    expect(statuses('/permission/role/create', 'post')).toEqual(expect.arrayContaining(['403', '409']));
    expect(statuses('/permission/staff/create', 'post')).toEqual(expect.arrayContaining(['403', '409']));
    expect(statuses('/permission/staff/update', 'post')).toEqual(expect.arrayContaining(['403', '404']));
    expect(statuses('/permission/staff/delete', 'post')).toEqual(expect.arrayContaining(['403', '404']));
    expect(statuses('/user/login', 'post')).toEqual(
      expect.arrayContaining(['400', '401', '413', '415', '429']),
    );
  });

  it('describes the refusal envelope with its message key (every key of the catalogue) and params', () => {
    const envelope = doc.components.schemas?.ErrorEnvelope as {
      properties: Record<string, { enum?: string[] }>;
      required: string[];
    };
    expect(envelope.required).toEqual(['code', 'msg', 'data']);
    expect(Object.keys(envelope.properties)).toEqual(['code', 'msg', 'data', 'key', 'params']);
    expect(envelope.properties.key?.enum).toEqual(Object.keys(MESSAGES));
  });

  it('wraps each result in the envelope and lists query parameters', () => {
    const info = doc.paths['/user/info']?.get?.responses['200']?.content?.['application/json']?.schema as {
      properties: Record<string, { properties?: Record<string, unknown> }>;
      required: string[];
    };
    expect(Object.keys(info.properties)).toEqual(['code', 'msg', 'data']);
    expect(Object.keys(info.properties.data?.properties ?? {})).toEqual(
      expect.arrayContaining(['permission', 'h5_channel_power', 'union_id']),
    );
    const roleList = doc.paths['/permission/role/list']?.get;
    expect(roleList?.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['page', 'pageSize', 'keyword']),
    );
    expect(roleList?.parameters?.every((p) => p.in === 'query')).toBe(true);
  });
});

describe('HTTP hardening', () => {
  it('sets security headers with a CSP fit for the client and hides x-powered-by', async () => {
    const res = await fetch(`${t.url}/healthz`);
    expect(res.headers.get('x-powered-by')).toBeNull();
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("lets the page connect to its own origin only: connect-src 'self', no ws: or wss: to any host", async () => {
    const csp = (await fetch(`${t.url}/`, { headers: { accept: 'text/html' } })).headers.get(
      'content-security-policy',
    );
    expect(
      csp
        ?.split(';')
        .find((d) => d.trim().startsWith('connect-src'))
        ?.trim(),
    ).toBe("connect-src 'self'");
  });

  it('sends HSTS only on answers served over HTTPS', async () => {
    expect((await fetch(`${t.url}/healthz`)).headers.get('strict-transport-security')).toBeNull();
    // Without DMS_TRUST_PROXY a forwarded protocol is not believed.
    const forged = await fetch(`${t.url}/healthz`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers.get('strict-transport-security')).toBeNull();
    const behindTls = await startTestApp({ env: { DMS_TRUST_PROXY: 'loopback' } });
    try {
      const res = await fetch(`${behindTls.url}/api/user/info`, {
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(res.headers.get('strict-transport-security')).toBe('max-age=15552000; includeSubDomains');
      const plain = await fetch(`${behindTls.url}/healthz`);
      expect(plain.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await behindTls.close();
    }
  });

  it('marks every API answer Cache-Control: no-store, successes and refusals alike', async () => {
    const answers = [
      await t.call('GET', '/user/info', { token: t.adminToken }),
      await t.call('GET', '/user/info'),
      await t.call('POST', '/user/login', { body: { username: 'admin', password: 'wrong-one' } }),
      await t.call('GET', '/no/such/thing'),
    ];
    for (const res of answers) expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers an unknown path with a 404 envelope that does not echo the path', async () => {
    for (const path of ['/api/no/such/<script>thing', '/no/such/<b>page</b>']) {
      const res = await fetch(`${t.url}${path}`, { headers: { accept: 'application/json' } });
      expect(res.status).toBe(404);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({
        code: ERR.GENERAL,
        msg: 'Not found',
        data: null,
        key: 'request.notFound',
      });
      expect(text).not.toMatch(/script|such|page/);
    }
  });

  it('warns once when requests carry X-Forwarded-For but DMS_TRUST_PROXY is unset', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    const proxied = await startTestApp({ logger });
    try {
      await fetch(`${proxied.url}/healthz`);
      expect(lines).toEqual([]);
      for (let i = 0; i < 3; i++)
        await fetch(`${proxied.url}/healthz`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
      const warnings = lines.filter((l) => l.includes('DMS_TRUST_PROXY'));
      expect(warnings).toHaveLength(1);
      expect(JSON.parse(warnings[0] ?? '{}')).toMatchObject({ level: 40 });
    } finally {
      await proxied.close();
    }
    const trusted: string[] = [];
    const quiet = await startTestApp({
      env: { DMS_TRUST_PROXY: '1' },
      logger: pino({ level: 'warn' }, { write: (line: string) => void trusted.push(line) }),
    });
    try {
      await fetch(`${quiet.url}/healthz`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
      expect(trusted.filter((l) => l.includes('DMS_TRUST_PROXY'))).toEqual([]);
    } finally {
      await quiet.close();
    }
  });

  it('answers a path parameter that cannot be percent-decoded with 400, not 500', async () => {
    const res = await fetch(`${t.url}/api/avatar/%ZZ`, {
      headers: { authorization: `Bearer ${t.adminToken}` },
    });
    expect(res.status).toBe(400);
    expect((await res.json()) as unknown).toEqual({
      code: ERR.GENERAL,
      msg: 'invalid request',
      data: null,
      key: 'request.invalid',
    });
  });

  it('refuses a body over 1 MB with -1', async () => {
    const res = await t.call('POST', '/user/login', {
      rawBody: JSON.stringify({ username: 'x'.repeat(1_100_000), password: 'abcdef' }),
    });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe(ERR.GENERAL);
  });

  it('never leaks a stack trace', async () => {
    const res = await t.call('POST', '/user/login', {
      rawBody: '{"a":',
      headers: { 'content-type': 'application/json' },
    });
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.(ts|js):\d+/);
  });
});

describe('client hosting', () => {
  it('serves index.html for client routes and leaves API paths alone', async () => {
    for (const path of ['/', '/permission/role', '/login?redirect=%2Fhomepage']) {
      const res = await fetch(`${t.url}${path}`, { headers: { accept: 'text/html' } });
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('Data Management System');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
    expect((await t.call('GET', '/permission/role')).status).toBe(404);
  });

  it('caches hashed assets for a year', async () => {
    const res = await fetch(`${t.url}/assets/app-abc123.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${t.url}/assets/missing.js`)).status).toBe(404);
  });
});

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR } from '@dms/shared/errors/codes';
import { endpoints } from '@dms/shared/contracts/http/endpoints';
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
    expect(csp).toContain("connect-src 'self' ws: wss:");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const res = await t.call('GET', '/no/such/thing');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      code: ERR.GENERAL,
      msg: 'Not found: GET /api/no/such/thing',
      key: 'request.notFound',
      params: { method: 'GET', path: '/api/no/such/thing' },
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

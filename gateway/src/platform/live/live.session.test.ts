import { afterEach, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { ERR } from '@dms/shared/errors/codes';
import { PRESENCE_EVENTS } from '@dms/shared/contracts/live/session';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../../testing/testing.app';
import { connectLive, nextEvent } from '../../testing/testing.live';

// A live socket counts as use of its session only while its page is visible, and never past the staff
// session's lifetime: a console left open on a desk ends like any unused session.

const apps: TestApp[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  for (const t of apps.splice(0)) await t.close();
});

async function app(env: Record<string, string>): Promise<TestApp> {
  const t = await startTestApp({ env });
  apps.push(t);
  return t;
}

async function socket(t: TestApp, token: string, visible?: boolean): Promise<Socket> {
  const s = await connectLive(t.url, token, visible);
  sockets.push(s);
  return s;
}

const info = (t: TestApp, token: string) => t.call('GET', '/user/info', { token });
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('live sockets and session expiry', () => {
  it('keeps the session of a visible page alive, and ends and disconnects that of a hidden one', async () => {
    const t = await app({ DMS_SESSION_IDLE_MINUTES: '1' });
    const shown = await t.login('admin', ADMIN_PASSWORD);
    const hidden = await t.login('admin', ADMIN_PASSWORD);
    const a = await socket(t, shown, true);
    const b = await socket(t, hidden, false);
    const bGone = nextEvent(b, 'disconnect');
    for (let i = 0; i < 4; i++) {
      t.clock.advance(30_000);
      await t.app.sweepLive();
    }
    expect(await bGone).toBe('io server disconnect');
    expect(a.connected).toBe(true);
    expect((await info(t, shown)).body.code).toBe(0);
    expect((await info(t, hidden)).body.code).toBe(ERR.TOKEN_EXPIRED);
  });

  it('stops counting a socket as use once its page is hidden', async () => {
    const t = await app({ DMS_SESSION_IDLE_MINUTES: '1' });
    const token = await t.login('admin', ADMIN_PASSWORD);
    const s = await socket(t, token, true);
    t.clock.advance(50_000);
    await t.app.sweepLive();
    s.emit(PRESENCE_EVENTS.set, { visible: false });
    await settle();
    const gone = nextEvent(s, 'disconnect');
    for (let i = 0; i < 3; i++) {
      t.clock.advance(30_000);
      await t.app.sweepLive();
    }
    expect(await gone).toBe('io server disconnect');
    expect((await info(t, token)).body.code).toBe(ERR.TOKEN_EXPIRED);
  });

  it('treats a socket that never says its page is visible as unattended', async () => {
    const t = await app({ DMS_SESSION_IDLE_MINUTES: '1' });
    const token = await t.login('admin', ADMIN_PASSWORD);
    const s = await socket(t, token);
    const gone = nextEvent(s, 'disconnect');
    for (let i = 0; i < 3; i++) {
      t.clock.advance(30_000);
      await t.app.sweepLive();
    }
    expect(await gone).toBe('io server disconnect');
  });

  it('never keeps a staff session past DMS_SESSION_MAX_HOURS, visible page or not', async () => {
    const t = await app({ DMS_SESSION_MAX_HOURS: '1' });
    const token = await t.login('admin', ADMIN_PASSWORD);
    const s = await socket(t, token, true);
    const gone = nextEvent(s, 'disconnect');
    for (let minutes = 0; minutes <= 60; minutes += 5) {
      t.clock.advance(5 * 60_000);
      await t.app.sweepLive();
    }
    expect(await gone).toBe('io server disconnect');
    expect((await info(t, token)).body.code).toBe(ERR.TOKEN_EXPIRED);
  });
});

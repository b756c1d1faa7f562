import type { LoginResult, UserInfo } from '@dms/shared/contracts/http/user';
import type { EditPasswordBody } from '@dms/shared/contracts/http/user';
import { AUDIT_ACTIONS } from '@dms/shared/contracts/http/auditActions';
import { API_BASE, AVATAR_PATH } from '@dms/shared/contracts/http/paths';
import { ERR } from '@dms/shared/errors/codes';
import { AppError, refuse } from '../../platform/errors/errors';
import type { AuthContext } from '../../platform/auth/auth.context';
import {
  generatePassword,
  hashPassword,
  needsRehash,
  verifyPassword,
} from '../../platform/auth/auth.password';
import type { SessionService } from '../../platform/auth/session.service';
import { hashToken, newToken } from '../../platform/auth/auth.token';
import type { Store } from '../../platform/db/db.store';
import type { LiveNotifier } from '../../platform/live/live.notifier';
import type { AuditService } from '../audit/audit.service';
import type { BaseService } from '../base/base.service';
import * as repo from './user.repository';

export interface UserServiceDeps {
  store: Store;
  sessions: SessionService;
  audit: AuditService;
  base: BaseService;
  notifier: LiveNotifier;
  now: () => number;
  /** scrypt cost of new hashes. */
  scryptLogN: number;
}

/** How long a browser stays remembered for an account without signing in to it again (180 days). */
export const DEVICE_TTL_MS = 180 * 86_400_000;

const DEVICE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** What a sign-in gives: the session token, and a new device token to remember the browser by, if any. */
export interface LoginOutcome {
  result: LoginResult;
  deviceToken?: string;
}

/** Where the generated avatar of an account is served. */
export function avatarUrl(uid: number): string {
  return `${API_BASE}${AVATAR_PATH}/${uid}`;
}

/** Signing in and out, the signed-in account's info, and its password. */
export class UserService {
  private dummyHash: Promise<string> | undefined;

  constructor(private readonly deps: UserServiceDeps) {}

  /**
   * The remembered device of a device token, when that browser signed in to the account `username` before
   * (names compare regardless of case) and used it within {@link DEVICE_TTL_MS}; else undefined.
   */
  async rememberedDevice(
    deviceToken: string | undefined,
    username: string,
  ): Promise<repo.LoginDevice | undefined> {
    if (!deviceToken || !DEVICE_TOKEN.test(deviceToken)) return undefined;
    const device = await repo.findDevice(
      this.deps.store.db,
      hashToken(deviceToken),
      this.deps.now() - DEVICE_TTL_MS,
    );
    return device && device.account.toLowerCase() === username.trim().toLowerCase() ? device : undefined;
  }

  /**
   * Signs in. An unknown account and a wrong password both answer -4 "Login fail" after the same amount
   * of hashing work (no user enumeration). Both outcomes are audited, without the password. A success
   * remembers the browser (`device`, when it came with a remembered one, else a new device token).
   */
  async login(
    username: string,
    password: string,
    ip: string,
    userAgent: string,
    device?: repo.LoginDevice,
  ): Promise<LoginOutcome> {
    const { store, audit, sessions } = this.deps;
    const found = await repo.findCredentialsByName(store.db, username);
    // Unknown accounts are checked against a throwaway hash, made once, so they take as long.
    const ok = await verifyPassword(password, found ? found.passwordHash : await this.throwawayHash());
    if (!found || !ok) {
      await audit.record({
        actor: { id: found?.id ?? 0, name: username },
        action: AUDIT_ACTIONS.loginFailed,
        targetType: 'account',
        targetId: found?.id ?? '',
        detail: {
          account: username,
          reason: found ? 'wrong password' : 'unknown account',
          rememberedDevice: device !== undefined,
        },
        ip,
      });
      throw new AppError(ERR.LOGIN_FAILED, 401);
    }
    if (needsRehash(found.passwordHash, this.deps.scryptLogN)) {
      const upgraded = await hashPassword(password, this.deps.scryptLogN);
      await repo.setPasswordHash(store.db, found.id, upgraded, this.deps.now());
    }
    const { token, sessionId } = await sessions.create(found.id, ip, userAgent);
    await repo.setLastLogin(store.db, found.id, this.deps.now());
    await audit.record({
      actor: { id: found.id, name: found.account },
      action: AUDIT_ACTIONS.loginSucceeded,
      targetType: 'account',
      targetId: found.id,
      detail: { sessionId, rememberedDevice: device !== undefined },
      ip,
    });
    const now = this.deps.now();
    if (device && device.accountId === found.id) {
      await repo.touchDevice(store.db, device.id, now);
      return { result: { token } };
    }
    const deviceToken = newToken();
    await repo.insertDevice(store.db, hashToken(deviceToken), found.id, now);
    return { result: { token }, deviceToken };
  }

  /** Forgets devices not used for {@link DEVICE_TTL_MS}. */
  async pruneDevices(): Promise<number> {
    return repo.pruneDevices(this.deps.store.db, this.deps.now() - DEVICE_TTL_MS);
  }

  private throwawayHash(): Promise<string> {
    this.dummyHash ??= hashPassword(generatePassword(), this.deps.scryptLogN);
    return this.dummyHash;
  }

  /** `GET /user/info`: the spec's fields, derived from the caller's role and scope. */
  async info(auth: AuthContext): Promise<UserInfo> {
    const [providers, currencies] = await Promise.all([
      this.deps.base.providers(auth.scope),
      this.deps.base.currencies(auth.scope),
    ]);
    return {
      permission: auth.permissions.join(','),
      user: auth.account,
      avatar: avatarUrl(auth.accountId),
      introduction: auth.introduction,
      currency_list: currencies.map((c) => c.code).join(','),
      h5_channel_power: JSON.stringify(providers.map((p) => p.id)),
      uid: auth.accountId,
      union_id: `dms-${auth.accountId}`,
      nickname: auth.nickname || auth.account,
      role: { id: auth.roleId, name: auth.roleName },
      providers,
      currencies,
      isSuper: auth.isSuperAccount,
    };
  }

  /**
   * Changes the caller's password. The old one must match (-1 "old password is wrong"); every other
   * session of the account ends, this one stays.
   */
  async editPassword(auth: AuthContext, body: EditPasswordBody, ip: string): Promise<null> {
    const { store, sessions, audit, notifier } = this.deps;
    const creds = await repo.findCredentialsById(store.db, auth.accountId);
    if (!creds) throw new AppError(ERR.USER_NOT_FOUND, 404);
    if (!(await verifyPassword(body.oldPassword, creds.passwordHash)))
      throw refuse.bad('auth.oldPasswordWrong');
    const hash = await hashPassword(body.newPassword, this.deps.scryptLogN);
    const ended = await store.transaction(async (tx) => {
      await repo.setPasswordHash(tx, auth.accountId, hash, this.deps.now());
      await audit.record(
        {
          actor: { id: auth.accountId, name: auth.account },
          action: AUDIT_ACTIONS.passwordChanged,
          targetType: 'account',
          targetId: auth.accountId,
          detail: { self: true },
          ip,
        },
        tx,
      );
      return sessions.revokeAccount(auth.accountId, auth.sessionId, tx);
    });
    notifier.sessionsEnded(ended, 'password');
    return null;
  }

  /** Ends the caller's session and disconnects its live sockets. */
  async logout(auth: AuthContext, ip: string): Promise<null> {
    await this.deps.sessions.revoke(auth.sessionId);
    this.deps.notifier.sessionsEnded([auth.sessionId], 'logout');
    await this.deps.audit.record({
      actor: { id: auth.accountId, name: auth.account },
      action: AUDIT_ACTIONS.loggedOut,
      targetType: 'account',
      targetId: auth.accountId,
      detail: { sessionId: auth.sessionId },
      ip,
    });
    return null;
  }

  /** The label of an account's avatar (initials of its nickname or name), or "?" if there is none. */
  async avatarLabel(uid: number): Promise<string> {
    const found =
      Number.isSafeInteger(uid) && uid > 0 ? await repo.findDisplayName(this.deps.store.db, uid) : undefined;
    return found ? initials(found.nickname || found.account) : '?';
  }
}

/** Up to two initials of a display name ("Risk Operator" → "RO", "alice" → "A"). */
export function initials(name: string): string {
  const words = name
    .trim()
    .split(/[\s._@-]+/)
    .filter((w) => w.length > 0);
  const letters = words.length > 1 ? [words[0], words[1]] : [words[0] ?? '?'];
  return letters.map((w) => [...(w ?? '?')][0]?.toUpperCase() ?? '?').join('');
}

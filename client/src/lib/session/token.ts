import Cookies from 'js-cookie';
import { TOKEN_COOKIE } from '@/config/app';

/** The session token of the `Admin-Token` cookie, or undefined for a visitor. */
export function getToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE) || undefined;
}

/** Stores the session token in the `Admin-Token` cookie (session cookie, same site). */
export function setToken(token: string): void {
  Cookies.set(TOKEN_COOKIE, token, { sameSite: 'Lax', secure: window.location.protocol === 'https:' });
}

/** Forgets the session token. */
export function removeToken(): void {
  Cookies.remove(TOKEN_COOKIE);
}

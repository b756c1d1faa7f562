import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { API_BASE } from '@dms/shared/contracts/http/paths';
import { ERR, RELOGIN_CODES } from '@dms/shared/errors/codes';
import { REQUEST_TIMEOUT_MS } from '@/config/app';
import { i18n, messageOfCode, messageOfKey } from '@/lib/i18n/i18n';
import { showError } from '@/lib/notify/toaster';
import { getRequestToken } from '@/lib/session/token';
import { fileNameFromContentDisposition, isFileResponse, saveBlob } from './download';
import { requestRelogin } from './reloginPrompt';

/**
 * The error of every failed call: the envelope's `code` and `msg`, its message `key` and `params` when the
 * gateway sent them (see `shared/src/errors/messages.ts`), and what failed.
 */
export interface ApiError {
  /** The HTTP status, or what went wrong before a response arrived. */
  status: number | 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR' | 'ABORTED';
  code: number;
  /** The gateway's English text: shown only for a key and code the client does not know. */
  msg: string;
  /** A message key of the catalogue (`errors:<key>` in the locale files). */
  key?: string;
  /** The values the key's text interpolates. */
  params?: Record<string, string | number>;
  /** `data` of a failure envelope, when the gateway sends details. */
  data?: unknown;
}

type Scalar = string | number | boolean;

/** A call: a path of the wire contract (same origin, under `API_BASE`), its query parameters and JSON body. */
export interface RequestArgs {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  params?: Record<string, Scalar | readonly Scalar[] | null | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Per-endpoint options (`extraOptions`). */
export interface ApiExtraOptions {
  /** Do not toast the error; the caller shows it. */
  silent?: boolean;
  /** Do not raise the re-login prompt for re-login codes; the caller handles the expired session. */
  noRelogin?: boolean;
}

/** What a call that answered with an .xlsx file resolves to; the file itself has been saved. */
export interface FileResult {
  fileName: string;
  size: number;
}

/**
 * The gateway serves the REST paths of `endpoints.ts` under `API_BASE` (`/user/login` is requested as
 * `/api/user/login`); a path that already carries the prefix, or an absolute URL, is left as it is.
 */
export function apiUrl(path: string): string {
  if (!path.startsWith('/') || path.startsWith('//')) return path;
  if (path === API_BASE || path.startsWith(`${API_BASE}/`) || path.startsWith(`${API_BASE}?`)) return path;
  return `${API_BASE}${path}`;
}

function buildUrl(path: string, params: RequestArgs['params']): string {
  const url = apiUrl(path);
  if (!params) return url;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value as readonly Scalar[]) query.append(key, String(item));
    else query.append(key, String(value as Scalar));
  }
  const text = query.toString();
  if (!text) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${text}`;
}

function isEnvelope(
  value: unknown,
): value is { code: number; msg?: unknown; data?: unknown; key?: unknown; params?: unknown } {
  return (
    typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number'
  );
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  return JSON.parse(text) as unknown;
}

type Outcome = { data: unknown } | { error: ApiError };

/** `params` of a failure envelope: the string and number values of an object, or undefined. */
function wireParams(value: unknown): Record<string, string | number> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const out: Record<string, string | number> = {};
  for (const [name, v] of Object.entries(value as Record<string, unknown>)) {
    if (typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))) out[name] = v;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * Performs one call: same origin, bearer token, 600000 ms timeout. Reads the envelope, saves an .xlsx
 * answer as a file, and turns a non-zero code or an HTTP failure into an `ApiError` (not yet shown).
 */
export async function performRequest(args: string | RequestArgs, signal?: AbortSignal): Promise<Outcome> {
  const { url, method = 'GET', params, body, headers = {} } = typeof args === 'string' ? { url: args } : args;
  const requestHeaders = new Headers(headers);
  requestHeaders.set('Accept', 'application/json');
  const token = getRequestToken();
  if (token) requestHeaders.set('Authorization', `Bearer ${token}`);
  let payload: BodyInit | undefined;
  if (body !== undefined) {
    if (body instanceof FormData || body instanceof Blob || typeof body === 'string') payload = body;
    else {
      payload = JSON.stringify(body);
      requestHeaders.set('Content-Type', 'application/json');
    }
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort);

  try {
    const response = await fetch(buildUrl(url, params), {
      method,
      headers: requestHeaders,
      body: payload,
      signal: controller.signal,
      credentials: 'same-origin',
    });

    if (response.ok && isFileResponse(response.headers.get('content-type'))) {
      const blob = await response.blob();
      const fileName = fileNameFromContentDisposition(response.headers.get('content-disposition'));
      saveBlob(blob, fileName);
      return { data: { fileName, size: blob.size } satisfies FileResult };
    }

    let json: unknown;
    try {
      json = await readJson(response);
    } catch {
      if (!response.ok) return { error: { status: response.status, code: ERR.GENERAL, msg: '' } };
      return { error: { status: 'PARSING_ERROR', code: ERR.GENERAL, msg: '' } };
    }

    if (!isEnvelope(json)) {
      return {
        error: { status: response.ok ? 'PARSING_ERROR' : response.status, code: ERR.GENERAL, msg: '' },
      };
    }
    const msg = typeof json.msg === 'string' ? json.msg : '';
    if (!response.ok || json.code !== ERR.OK) {
      const error: ApiError = {
        status: response.status,
        code: json.code === ERR.OK ? ERR.GENERAL : json.code,
        msg,
      };
      if (json.data !== undefined && json.data !== null) error.data = json.data;
      if (typeof json.key === 'string' && json.key) error.key = json.key;
      const params = wireParams(json.params);
      if (params) error.params = params;
      return { error };
    }
    return { data: json.data ?? null };
  } catch {
    if (timedOut) return { error: { status: 'TIMEOUT_ERROR', code: ERR.GENERAL, msg: '' } };
    if (signal?.aborted) return { error: { status: 'ABORTED', code: ERR.GENERAL, msg: '' } };
    // A network failure: no envelope to read, so the generic message is shown.
    return { error: { status: 'FETCH_ERROR', code: ERR.GENERAL, msg: '' } };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/** Whether a code asks the user to log in again (-2, 50008, 50012, 50014). */
export function isReloginCode(code: number): boolean {
  return RELOGIN_CODES.includes(code);
}

/**
 * The message to show for an error, in the interface language: the text of its message key (with its
 * parameters, a field shown by its label), else of its code (-1, the catch-all, has no text of its own
 * here), else the server's English message for a key or code this client does not know, else the generic
 * "Request fail".
 */
export function apiErrorMessage(error: Pick<ApiError, 'code' | 'msg' | 'key' | 'params'>): string {
  const keyed = error.key ? messageOfKey(error.key, error.params) : undefined;
  if (keyed !== undefined) return keyed;
  const known = error.code === ERR.GENERAL || error.code === ERR.OK ? undefined : messageOfCode(error.code);
  return known ?? (error.msg || i18n.t('errors:requestFail'));
}

/** Whether a rejected value (from `.unwrap()` or a query's `error`) is an envelope error. */
export function isApiError(e: unknown): e is ApiError {
  return typeof e === 'object' && e !== null && typeof (e as { code?: unknown }).code === 'number';
}

/** The localised message of any rejected call: by code when known, else the server's, else the generic one. */
export function errorMessageOf(e: unknown): string {
  return isApiError(e) ? apiErrorMessage(e) : i18n.t('errors:requestFail');
}

/** Shows an error the way the spec says: the re-login prompt for re-login codes, else a 5 s danger toast. */
export function presentApiError(error: ApiError, options: ApiExtraOptions = {}): void {
  if (error.status === 'ABORTED') return;
  if (isReloginCode(error.code)) {
    if (!options.noRelogin) requestRelogin();
    return;
  }
  if (options.silent) return;
  const message = apiErrorMessage(error);
  void showError(message, `api-error:${message}`);
}

/**
 * The one base query of the client's RTK Query API. Endpoints pass a path or `RequestArgs`; a failure
 * is shown (see `presentApiError`) and returned as `ApiError`.
 */
export const envelopeBaseQuery: BaseQueryFn<
  string | RequestArgs,
  unknown,
  ApiError,
  ApiExtraOptions
> = async (args, api, extraOptions) => {
  const outcome = await performRequest(args, api.signal);
  if ('error' in outcome) presentApiError(outcome.error, extraOptions ?? {});
  return outcome;
};

/**
 * Downloads an .xlsx export through the same path as every call (token, timeout, envelope errors); the
 * file is saved under the name the gateway gives. Rejects with the `ApiError` after showing it, and with
 * an `ApiError` of code -1 if the answer was not a file.
 */
export async function downloadFile(
  url: string,
  params?: RequestArgs['params'],
  options: { method?: 'GET' | 'POST'; body?: unknown } = {},
): Promise<FileResult> {
  const outcome = await performRequest({ url, params, method: options.method ?? 'GET', body: options.body });
  if ('error' in outcome) {
    presentApiError(outcome.error);
    throw outcome.error;
  }
  const result = outcome.data as Partial<FileResult> | null;
  if (!result || typeof result.fileName !== 'string') {
    const error: ApiError = { status: 'PARSING_ERROR', code: ERR.GENERAL, msg: '' };
    presentApiError(error);
    throw error;
  }
  return result as FileResult;
}

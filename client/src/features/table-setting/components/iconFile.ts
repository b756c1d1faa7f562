import {
  TABLE_ICON_MAX_BYTES,
  TABLE_ICON_PATH,
  sniffImageType,
  type TableIconType,
} from '@dms/shared/contracts/http/tables';
import { API_BASE } from '@dms/shared/contracts/http/paths';

/** An icon file read in the browser: ready to send, or why not. */
export type IconFile =
  | { ok: true; base64: string; type: TableIconType; size: number; previewUrl: string }
  | { ok: false; reason: 'type' | 'tooLarge' | 'read'; size: number };

/** Standard base64 of some bytes (in chunks: `String.fromCharCode` takes a bounded argument list). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/**
 * Reads a chosen file and checks it as the gateway will: at most 512 KB, and a PNG, JPEG, WebP or GIF
 * image by its first bytes (a text file renamed `.png` is refused). The preview shows the bytes read.
 */
export async function readIconFile(file: Blob): Promise<IconFile> {
  if (file.size > TABLE_ICON_MAX_BYTES) return { ok: false, reason: 'tooLarge', size: file.size };
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    return { ok: false, reason: 'read', size: file.size };
  }
  const type = sniffImageType(bytes);
  if (!type) return { ok: false, reason: 'type', size: file.size };
  const base64 = toBase64(bytes);
  return { ok: true, base64, type, size: bytes.length, previewUrl: `data:${type};base64,${base64}` };
}

/** The URL of a stored table icon; `version` changes with the icon, so a new one is never a cached old one. */
export function tableIconUrl(id: number, version: string): string {
  return `${API_BASE}${TABLE_ICON_PATH}/${id}?v=${encodeURIComponent(version)}`;
}

/** A size in KB, rounded up, for messages. */
export function kilobytes(size: number): string {
  return `${Math.ceil(size / 1024)} KB`;
}

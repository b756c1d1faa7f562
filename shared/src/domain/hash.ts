/**
 * FNV-1a (32 bits) of a string's UTF-16 code units, as an unsigned integer. Used where a stable, cheap hash is
 * part of what is stored or shown (a stored index's order, a long table id's short form): its output must not
 * change.
 */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

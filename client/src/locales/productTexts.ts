import { STATS_COLUMNS, OP_LABELS } from '@dms/shared/contracts/http/stats';
import { GAMES } from '@dms/shared/domain/games';

/** An interface language. */
export type Lang = 'zh' | 'en' | 'es' | 'ja';

/** One text of the product: where it lives (`ns:key`, or `shared:…`) and what it says. */
export interface ProductText {
  where: string;
  text: string;
}

const files = import.meta.glob<{ default: Record<string, unknown> }>('./*/*.json', { eager: true });

function walk(node: unknown, prefix: string, out: ProductText[]): void {
  if (typeof node === 'string') out.push({ where: prefix, text: node });
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node))
      walk(v, prefix.endsWith(':') ? `${prefix}${k}` : `${prefix}.${k}`, out);
  }
}

const cache = new Map<Lang, ProductText[]>();

/**
 * Every text the product shows in a language: each value of `locales/<lng>/*.json` (`ns:key`) and the
 * labels kept in `shared` for screens and exports alike (table columns, operation labels, game names).
 * The glossary test and the browser's language test read the product's words from here.
 */
export function productTexts(lng: Lang): readonly ProductText[] {
  const cached = cache.get(lng);
  if (cached) return cached;
  const out: ProductText[] = [];
  for (const [file, module] of Object.entries(files)) {
    const match = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (match?.[1] === lng) walk(module.default, `${match[2]}:`, out);
  }
  for (const [table, columns] of Object.entries(STATS_COLUMNS))
    for (const c of columns) out.push({ where: `shared:stats.${table}.${c.key}`, text: c.label[lng] });
  for (const [op, labels] of Object.entries(OP_LABELS))
    for (const [dir, label] of Object.entries(labels))
      out.push({ where: `shared:op.${op}.${dir}`, text: label[lng] });
  if (lng === 'zh' || lng === 'en')
    for (const g of GAMES)
      out.push({ where: `shared:game.${g.gameId}`, text: lng === 'zh' ? g.gameNameCn : g.gameNameEn });
  cache.set(lng, out);
  return out;
}

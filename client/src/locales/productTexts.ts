import { EXPORT_TEXTS, STATS_COLUMNS, STATS_TABLE_LABELS } from '@dms/shared/contracts/http/stats';
import { TP_SIM_EXPORT_TEXTS } from '@dms/shared/contracts/http/teenPatti';
import { ENUM_LABELS, UNKNOWN_VALUE_MARK } from '@dms/shared/domain/labels';

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
 * labels kept in `shared` for screens and exports alike (table names and columns, enumeration labels, the
 * export's header block).
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
  for (const [table, label] of Object.entries(STATS_TABLE_LABELS))
    out.push({ where: `shared:table.${table}`, text: label[lng] });
  for (const [name, values] of Object.entries(ENUM_LABELS))
    for (const [value, label] of Object.entries(values))
      out.push({ where: `shared:enum.${name}.${value}`, text: label[lng] });
  for (const [key, label] of Object.entries(EXPORT_TEXTS))
    out.push({ where: `shared:export.${key}`, text: label[lng] });
  for (const [key, label] of Object.entries(TP_SIM_EXPORT_TEXTS))
    out.push({ where: `shared:tpSimExport.${key}`, text: label[lng] });
  out.push({ where: 'shared:enum.unknown', text: UNKNOWN_VALUE_MARK[lng] });
  cache.set(lng, out);
  return out;
}

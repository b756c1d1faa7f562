import Fuse from 'fuse.js';
import type { AppRoute } from '@dms/shared/permissions/routes';
import { SEARCH_MAX_PATTERN_LENGTH, SEARCH_THRESHOLD } from '@/config/app';

/** A page the menu search can find. */
export interface SearchEntry {
  path: string;
  /** Localised titles from the group down to the page ("权限管理", "角色管理"). */
  titles: string[];
  /** Full pinyin of each Chinese title ("jueseguanli"), when pinyin search is on. */
  pinyin?: string[];
  /** Pinyin initials of each Chinese title ("jsgl"). */
  initials?: string[];
}

/** Turns Chinese text into pinyin syllables or initials; non-Chinese runs are kept. */
export interface Pinyinizer {
  syllables(text: string): string[];
  initials(text: string): string[];
}

/**
 * The pages of a route table that a user can open from the menu: visible leaves, titled through their
 * groups with `translate` (a key of the `route` namespace to its text in the current language).
 */
export function buildSearchPool(
  routes: readonly AppRoute[],
  translate: (titleKey: string) => string,
): SearchEntry[] {
  const pool: SearchEntry[] = [];
  const walk = (list: readonly AppRoute[], parents: string[]) => {
    for (const route of list) {
      if (route.hidden || !route.meta?.title) continue;
      const titles = [...parents, translate(route.meta.title)];
      if (route.children?.length) walk(route.children, titles);
      else pool.push({ path: route.path, titles });
    }
  };
  walk(routes, []);
  return pool;
}

const HAS_HAN = /\p{Script=Han}/u;

/** Adds full pinyin and initials to the entries whose titles contain Chinese characters. */
export function withPinyin(pool: readonly SearchEntry[], pinyinizer: Pinyinizer): SearchEntry[] {
  return pool.map((entry) => {
    if (!entry.titles.some((t) => HAS_HAN.test(t))) return entry;
    const pinyin = entry.titles.map((t) =>
      pinyinizer.syllables(t).join('').toLowerCase().replace(/\s+/g, ''),
    );
    const initials = entry.titles.map((t) =>
      pinyinizer.initials(t).join('').toLowerCase().replace(/\s+/g, ''),
    );
    return { ...entry, pinyin, initials };
  });
}

/**
 * Loads pinyin-pro (about 140 kB gzipped) on demand: only when the search opens in Chinese with
 * pinyin search enabled.
 */
export async function loadPinyinizer(): Promise<Pinyinizer> {
  const { pinyin } = await import('pinyin-pro');
  return {
    syllables: (text) => pinyin(text, { toneType: 'none', type: 'array', nonZh: 'consecutive' }),
    initials: (text) =>
      pinyin(text, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'consecutive' }),
  };
}

/**
 * A fuzzy search over the pool (Fuse.js, threshold 0.4). Queries are cut to 32 characters, the original's
 * `maxPatternLength`.
 */
export function createMenuSearcher(pool: readonly SearchEntry[]): (query: string) => SearchEntry[] {
  const fuse = new Fuse(pool as SearchEntry[], {
    shouldSort: true,
    threshold: SEARCH_THRESHOLD,
    location: 0,
    distance: 100,
    minMatchCharLength: 1,
    ignoreLocation: false,
    keys: [
      { name: 'titles', weight: 0.6 },
      { name: 'pinyin', weight: 0.25 },
      { name: 'initials', weight: 0.15 },
    ],
  });
  return (query) => {
    const pattern = query.trim().slice(0, SEARCH_MAX_PATTERN_LENGTH);
    if (!pattern) return [];
    return fuse.search(pattern).map((result) => result.item);
  };
}

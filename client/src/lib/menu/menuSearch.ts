import Fuse from 'fuse.js';
import type { AppRoute } from '@dms/shared/permissions/routes';
import { SEARCH_MAX_PATTERN_LENGTH, SEARCH_THRESHOLD } from '@/config/app';

/** A page the menu search can find. */
export interface SearchEntry {
  path: string;
  /** Localised titles from the group down to the page ("权限管理", "角色管理"). */
  titles: string[];
  /**
   * The pinyin syllables of each title ("角色管理" → jue, se, guan, li), when pinyin search is on; a run of
   * other letters is one word per syllable ("Teen Patti" → teen, patti).
   */
  syllables?: string[][];
}

/** Turns Chinese text into pinyin syllables; non-Chinese runs are kept. */
export interface Pinyinizer {
  syllables(text: string): string[];
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

/** Adds the pinyin syllables of the titles of the entries whose titles contain Chinese characters. */
export function withPinyin(pool: readonly SearchEntry[], pinyinizer: Pinyinizer): SearchEntry[] {
  return pool.map((entry) => {
    if (!entry.titles.some((t) => HAS_HAN.test(t))) return entry;
    const syllables = entry.titles.map((t) =>
      pinyinizer
        .syllables(t)
        .flatMap((s) => s.toLowerCase().split(/[^a-z0-9]+/))
        .filter(Boolean),
    );
    return { ...entry, syllables };
  });
}

/**
 * Loads pinyin-pro (about 140 kB gzipped) on demand: only when the search opens in Chinese with
 * pinyin search enabled.
 */
export async function loadPinyinizer(): Promise<Pinyinizer> {
  const { pinyin } = await import('pinyin-pro');
  return {
    syllables: (text) => pinyin(text, { toneType: 'none', type: 'array', nonZh: 'consecutive', v: true }),
  };
}

/** How well a pinyin query matched a title: lower is better, as Fuse scores. */
type PinyinScore = number;

/**
 * Whether `query` spells consecutive whole syllables of a title, starting at one of its syllables; the
 * last may be cut short (typing "gongs" for 公司). "gongsi" spells 公司盈利 (gong si …) and not 测试工具
 * (ce shi gong ju): pinyin is matched by what its letters spell, not fuzzily — a few letters of pinyin fit
 * loosely almost anywhere.
 */
function fullPinyinScore(query: string, syllables: readonly string[]): PinyinScore | undefined {
  for (let start = 0; start < syllables.length; start += 1) {
    let rest = query;
    for (let k = start; k < syllables.length && rest; k += 1) {
      const syllable = syllables[k] as string;
      if (rest.startsWith(syllable)) rest = rest.slice(syllable.length);
      else if (syllable.startsWith(rest)) rest = '';
      else break;
    }
    if (!rest) return start === 0 ? 0.05 : 0.15 + start * 0.01;
  }
  return undefined;
}

/**
 * Whether `query` is the initials of consecutive syllables of a title ("jsgl" for 角色管理, "gl" for its
 * 管理), matched exactly: a wrong letter matches nothing.
 */
function initialsScore(query: string, syllables: readonly string[]): PinyinScore | undefined {
  const initials = syllables.map((s) => s[0]).join('');
  const at = initials.indexOf(query);
  if (at < 0) return undefined;
  // Initials are a weaker sign than full pinyin: scored after it, the more of the title they cover the better.
  return 0.1 + (at === 0 ? 0 : 0.1) + 0.1 * (1 - query.length / initials.length);
}

/**
 * The menu search: Fuse.js over the titles (threshold 0.4, as the spec's), and in Chinese with pinyin
 * search on, the titles' pinyin, weighed apart: full pinyin by whole syllables, initials exactly (see
 * {@link fullPinyinScore}, {@link initialsScore}). Results are ordered by their best score. Queries are
 * cut to 32 characters, the original's `maxPatternLength`.
 */
export function createMenuSearcher(pool: readonly SearchEntry[]): (query: string) => SearchEntry[] {
  const fuse = new Fuse(pool as SearchEntry[], {
    shouldSort: true,
    includeScore: true,
    threshold: SEARCH_THRESHOLD,
    location: 0,
    distance: 100,
    minMatchCharLength: 1,
    ignoreLocation: false,
    keys: ['titles'],
  });
  const withSyllables = pool.filter((e) => e.syllables);
  return (query) => {
    const pattern = query.trim().slice(0, SEARCH_MAX_PATTERN_LENGTH);
    if (!pattern) return [];
    const scores = new Map<SearchEntry, number>();
    for (const r of fuse.search(pattern)) scores.set(r.item, r.score ?? 1);
    const letters = pattern.toLowerCase().replace(/[\s']+/g, '');
    if (/^[a-z]+$/.test(letters)) {
      for (const entry of withSyllables) {
        for (const syllables of entry.syllables ?? []) {
          const found = [fullPinyinScore(letters, syllables), initialsScore(letters, syllables)].filter(
            (v): v is number => v !== undefined,
          );
          if (found.length === 0) continue;
          const best = Math.min(...found);
          scores.set(entry, Math.min(scores.get(entry) ?? Infinity, best));
        }
      }
    }
    return [...scores]
      .sort((a, b) => a[1] - b[1] || pool.indexOf(a[0]) - pool.indexOf(b[0]))
      .map(([entry]) => entry);
  };
}

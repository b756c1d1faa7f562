import { describe, expect, it } from 'vitest';
import glossary from '../../../docs/GLOSSARY.md?raw';
import { productTexts, type Lang } from './productTexts';

const LANGUAGES: readonly Lang[] = ['zh', 'en', 'es', 'ja'];

interface Term {
  id: string;
  words: Readonly<Record<Lang, string[]>>;
  not: Readonly<Partial<Record<Lang, string[]>>>;
}

/** The rows of the Markdown table under `heading`, as cells. */
function tableUnder(heading: string): string[][] {
  const start = glossary.indexOf(heading);
  if (start < 0) throw new Error(`GLOSSARY.md has no section ${heading}`);
  const rows: string[][] = [];
  for (const line of glossary.slice(start).split('\n').slice(1)) {
    if (line.startsWith('## ')) break;
    if (!line.startsWith('|') || /^\|\s*-/.test(line)) continue;
    rows.push(
      line
        .slice(1, -1)
        .split('|')
        .map((c) => c.trim()),
    );
  }
  return rows.slice(1); // the header row
}

/** A cell's words: "玩家A / 玩家B" → both, "局 (局号)" → 局. */
function wordsOf(cell: string): string[] {
  return cell
    .split(' / ')
    .map((w) => w.replace(/\s*\(.*\)\s*$/, '').trim())
    .filter(Boolean);
}

function parseTerms(): Term[] {
  return tableUnder('## Domain terms').map(([id = '', zh = '', en = '', es = '', ja = '', not = '']) => {
    const forbidden: Partial<Record<Lang, string[]>> = {};
    for (const part of not
      .split('·')
      .map((p) => p.trim())
      .filter(Boolean)) {
      const [lng, ...rest] = part.split(' ');
      if (!LANGUAGES.includes(lng as Lang)) throw new Error(`GLOSSARY.md: "${part}" names no language`);
      forbidden[lng as Lang] = rest
        .join(' ')
        .split(',')
        .map((w) => w.trim())
        .filter(Boolean);
    }
    return {
      id,
      words: { zh: wordsOf(zh), en: wordsOf(en), es: wordsOf(es), ja: wordsOf(ja) },
      not: forbidden,
    };
  });
}

const terms = parseTerms();
const termById = new Map(terms.map((t) => [t.id, t]));
const latinAllowed = new Set(
  (/letters \(codes, standards and names\): ([^.]+)\./.exec(glossary.replace(/\s+/g, ' '))?.[1] ?? '')
    .split(/[,\s+-]+/)
    .filter(Boolean),
);

/** Whether a text says a word; an English "currency" is also said by "currencies". */
function has(text: string, word: string): boolean {
  const t = text.toLowerCase();
  const w = word.toLowerCase();
  return t.includes(w) || (/[a-z]y$/.test(w) && t.includes(`${w.slice(0, -1)}ies`));
}

describe('the glossary (docs/GLOSSARY.md)', () => {
  it('is read: terms, placements and the Latin words of Chinese and Japanese', () => {
    expect(terms.length).toBeGreaterThan(30);
    expect(termById.get('provider')?.words.zh).toEqual(['平台商']);
    expect(termById.get('provider')?.not.zh).toContain('商户');
    expect(latinAllowed.has('GGR')).toBe(true);
  });

  it.each(LANGUAGES)('no %s text uses a word the glossary rules out', (lng) => {
    const bad: string[] = [];
    for (const term of terms) {
      for (const word of term.not[lng] ?? []) {
        for (const { where, text } of productTexts(lng)) {
          if (has(text, word))
            bad.push(
              `${where}: "${text}" says ${word}, the glossary's ${term.id} is ${term.words[lng].join(' / ')}`,
            );
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('each placement says the term in every language', () => {
    const placements = tableUnder('## Where the terms must appear');
    expect(placements.length).toBeGreaterThan(10);
    const bad: string[] = [];
    for (const [where = '', id = ''] of placements) {
      const term = termById.get(id);
      if (!term) throw new Error(`GLOSSARY.md places an unknown term ${id}`);
      for (const lng of LANGUAGES) {
        const text = productTexts(lng).find((t) => t.where === where)?.text;
        if (text === undefined) bad.push(`${lng} ${where}: no such text`);
        else if (!term.words[lng].some((w) => has(text, w)))
          bad.push(`${lng} ${where}: "${text}" does not say ${term.words[lng].join(' / ')}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it.each(['zh', 'ja'] as const)('%s texts keep only the listed words in Latin letters', (lng) => {
    const bad: string[] = [];
    for (const { where, text } of productTexts(lng)) {
      const words = text.replace(/\{\{\w+\}\}/g, '').match(/[A-Za-z]+/g) ?? [];
      for (const w of words) if (!latinAllowed.has(w)) bad.push(`${where}: "${text}" (${w})`);
    }
    expect(bad).toEqual([]);
  });

  it.each(['en', 'es'] as const)('%s texts have no Chinese or Japanese characters', (lng) => {
    const bad = productTexts(lng).filter(({ text }) =>
      /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text),
    );
    expect(bad).toEqual([]);
  });
});

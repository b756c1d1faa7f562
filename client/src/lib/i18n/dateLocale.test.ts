import { describe, expect, it } from 'vitest';
import { dateFnsLocaleLoader, loadDateFnsLocale } from './dateLocale';

describe('date-fns locales for Blueprint date inputs', () => {
  it.each([
    ['zh', 'zh-CN'],
    ['en', 'en-US'],
    ['es', 'es'],
    ['ja', 'ja'],
    ['fr', 'zh-CN'],
  ])('%s → %s', async (language, code) => {
    expect((await loadDateFnsLocale(language)).code).toBe(code);
  });

  it('maps Blueprint’s locale codes back', async () => {
    expect((await dateFnsLocaleLoader('ja')).code).toBe('ja');
    expect((await dateFnsLocaleLoader('en-US')).code).toBe('en-US');
  });
});

import { describe, expect, it } from 'vitest';
import { ALL_PERMISSION_CODES } from '@dms/shared/permissions/codes';
import zhRoute from '@/locales/zh/route.json';
import enRoute from '@/locales/en/route.json';
import { generateRoutes } from '@/lib/session/sessionSlice';
import { buildSearchPool, createMenuSearcher, loadPinyinizer, withPinyin } from './menuSearch';

const table = generateRoutes([...ALL_PERMISSION_CODES]);
const zh = (key: string) => (zhRoute as Record<string, string>)[key] ?? key;
const en = (key: string) => (enRoute as Record<string, string>)[key] ?? key;

describe('menu search', () => {
  it('indexes the visible pages with their group titles, not hidden routes or groups', () => {
    const pool = buildSearchPool(table, en);
    expect(pool.map((e) => e.path)).not.toContain('/profile/index');
    expect(pool.map((e) => e.path)).not.toContain('/permission');
    expect(pool.find((e) => e.path === '/permission/role')?.titles).toEqual([
      'Permission',
      'Role Management',
    ]);
  });

  it('finds pages by fuzzy title in English', () => {
    const search = createMenuSearcher(buildSearchPool(table, en));
    expect(search('role')[0]?.path).toBe('/permission/role');
    expect(search('risk setng')[0]?.path).toBe('/risksetting');
    expect(search('bacarat').map((e) => e.path)).toContain('/bjlmonitor/bjlmonitor');
    expect(search('   ')).toEqual([]);
  });

  it('only searches the pages of the user', () => {
    const search = createMenuSearcher(buildSearchPool(generateRoutes(['8000']), en));
    expect(search('role')).toEqual([]);
    expect(search('risk data')[0]?.path).toBe('/riskdata/riskdata');
  });

  it('finds Chinese titles by Chinese text, full pinyin and initials', async () => {
    const pinyin = await loadPinyinizer();
    const search = createMenuSearcher(withPinyin(buildSearchPool(table, zh), pinyin));
    expect(search('角色')[0]?.path).toBe('/permission/role');
    expect(search('jsgl')[0]?.path).toBe('/permission/role');
    expect(search('juese')[0]?.path).toBe('/permission/role');
    expect(search('zhanghao')[0]?.path).toBe('/permission/staff');
    expect(search('fxsz')[0]?.path).toBe('/risksetting');
  });

  it('finds what the letters spell and nothing else: "xyz" nothing, "gongsi" Company Profit and not 测试工具', async () => {
    const pinyin = await loadPinyinizer();
    const search = createMenuSearcher(withPinyin(buildSearchPool(table, zh), pinyin));
    expect(search('xyz')).toEqual([]);
    const gongsi = search('gongsi').map((e) => e.path);
    expect(gongsi).toContain('/company-profit');
    expect(gongsi).not.toContain('/teenPatti/testTools');
    expect(search('gongs')[0]?.path).toBe('/company-profit');
    expect(search('ceshigongju').map((e) => e.path)).toEqual(['/teenPatti/testTools']);
    expect(search('csgj').map((e) => e.path)).toEqual(['/teenPatti/testTools']);
    // Initials are matched exactly: one wrong letter finds nothing.
    expect(search('jsgx')).toEqual([]);
    // Full pinyin is weighed above initials: "hui" is a whole syllable of 汇率管理, the initials of nothing.
    expect(search('huilv')[0]?.path).toBe('/exchange-rates');
    expect(search('zhajinhua')[0]?.path).toBe('/teenPatti/teenPatti');
  });

  it('keeps the spec threshold for titles: a fuzzy English title still matches, three wrong letters do not', () => {
    const search = createMenuSearcher(buildSearchPool(table, en));
    expect(search('profti')[0]?.path).toBe('/company-profit');
    expect(search('xyz')).toEqual([]);
  });

  it('does not match pinyin unless pinyin search is on', () => {
    const search = createMenuSearcher(buildSearchPool(table, zh));
    expect(search('jsgl')).toEqual([]);
  });

  it('cuts the query to 32 characters (maxPatternLength)', () => {
    const title = 'Operator daily data by provider and currency';
    const search = createMenuSearcher([
      { path: '/long', titles: [title] },
      { path: '/other', titles: ['Prize details'] },
    ]);
    expect(search(title).map((e) => e.path)).toEqual(['/long']);
    expect(search(title)).toEqual(search(title.slice(0, 32)));
    expect(search(`${title.slice(0, 32)} and anything after it`)).toEqual(search(title.slice(0, 32)));
  });
});

import { describe, expect, it } from 'vitest';
import type { DATE_SHORTCUT_KEYS} from './dateShortcuts';
import { DATE_SHORTCUTS, dateShortcut, isDateShortcutKey } from './dateShortcuts';

// Wednesday 2024-03-13 10:00 in Shanghai (02:00 UTC).
const NOW = Date.UTC(2024, 2, 13, 2);

describe('dateShortcut', () => {
  const range = (key: (typeof DATE_SHORTCUT_KEYS)[number]) => dateShortcut(key, NOW, 'Asia/Shanghai');

  it('gives today and yesterday as single days', () => {
    expect(range('today')).toEqual({ start: '2024-03-13', end: '2024-03-13' });
    expect(range('yesterday')).toEqual({ start: '2024-03-12', end: '2024-03-12' });
  });

  it('counts today in the last 7 and 30 days', () => {
    expect(range('last7Days')).toEqual({ start: '2024-03-07', end: '2024-03-13' });
    expect(range('last30Days')).toEqual({ start: '2024-02-13', end: '2024-03-13' });
  });

  it('starts the last 6 months the day after the same date six months ago', () => {
    expect(range('last6Months')).toEqual({ start: '2023-09-14', end: '2024-03-13' });
  });

  it('starts weeks on Monday', () => {
    expect(range('thisWeek')).toEqual({ start: '2024-03-11', end: '2024-03-13' });
    expect(range('lastWeek')).toEqual({ start: '2024-03-04', end: '2024-03-10' });
  });

  it('treats a Sunday as the last day of its week', () => {
    const sunday = Date.UTC(2024, 2, 17, 2);
    expect(dateShortcut('thisWeek', sunday, 'Asia/Shanghai')).toEqual({
      start: '2024-03-11',
      end: '2024-03-17',
    });
    expect(dateShortcut('lastWeek', sunday, 'Asia/Shanghai')).toEqual({
      start: '2024-03-04',
      end: '2024-03-10',
    });
  });

  it('gives this month up to today and the whole of last month', () => {
    expect(range('thisMonth')).toEqual({ start: '2024-03-01', end: '2024-03-13' });
    expect(range('lastMonth')).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    expect(dateShortcut('lastMonth', Date.UTC(2024, 0, 15), 'UTC')).toEqual({
      start: '2023-12-01',
      end: '2023-12-31',
    });
  });

  it('gives this year from 1 January to today', () => {
    expect(range('thisYear')).toEqual({ start: '2024-01-01', end: '2024-03-13' });
  });

  it('takes today from the time zone', () => {
    // 2024-03-13 02:00 UTC is still the 12th in New York.
    expect(dateShortcut('today', NOW, 'America/New_York')).toEqual({
      start: '2024-03-12',
      end: '2024-03-12',
    });
    expect(dateShortcut('today', NOW)).toEqual({ start: '2024-03-13', end: '2024-03-13' });
  });
});

describe('shortcut list', () => {
  it('lists the spec shortcuts in order with shortcut.* label keys', () => {
    expect(DATE_SHORTCUTS.map((s) => s.labelKey)).toEqual([
      'shortcut.today',
      'shortcut.yesterday',
      'shortcut.last7Days',
      'shortcut.last30Days',
      'shortcut.last6Months',
      'shortcut.thisWeek',
      'shortcut.thisMonth',
      'shortcut.lastWeek',
      'shortcut.lastMonth',
      'shortcut.thisYear',
    ]);
  });

  it('recognises shortcut keys', () => {
    expect(isDateShortcutKey('lastWeek')).toBe(true);
    expect(isDateShortcutKey('nextWeek')).toBe(false);
  });
});

import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { enumResources } from '@dms/shared/domain/labels';
import { i18n } from '@/lib/i18n/i18n';
import zhCommon from '@/locales/zh/common.json';
import zhStatistics from '@/locales/zh/statistics.json';
import { initTestI18n } from '@/testing/i18nForTests';
import { TABLE_DEFS, type TableDef } from '../tables';
import { StatsDataTable } from './StatsDataTable';

const defOf = (table: string): TableDef => TABLE_DEFS.find((d) => d.table === table) as TableDef;
const providerName = (id: number) => (id === 1001 ? 'Lucky Star' : `#${id}`);

function renderTable(table: string, rows: Record<string, unknown>[]) {
  const def = defOf(table);
  return render(
    <StatsDataTable
      def={def}
      rows={rows}
      sort={{ by: def.defaultSort, order: 'desc' }}
      onSort={() => {}}
      providerName={providerName}
    />,
  );
}

const bonus = (kind: string) => ({
  id: `b-${kind}`,
  playerId: 42,
  account: 'p42',
  provider: 1001,
  currency: 'CNY',
  kind,
  amount: 123456,
  ts: Date.UTC(2025, 10, 3, 4, 5, 6),
});

describe('statistics table cells', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows labels, not codes: bonus kinds, devices, bet types and games, and providers by name', () => {
    initTestI18n();
    renderTable('bonus', [bonus('deposit_bonus')]);
    const row = screen.getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByText('Deposit bonus')).toBeTruthy();
    expect(within(row).getByText('Lucky Star')).toBeTruthy();
    expect(within(row).queryByText('deposit_bonus')).toBeNull();
    expect(within(row).queryByText('1001')).toBeNull();
  });

  it('shows a value the platform sent that it does not know as itself, marked unknown', () => {
    initTestI18n();
    renderTable('bonus', [bonus('vip_gold')]);
    const unknown = document.querySelector('[data-enum-unknown]') as HTMLElement;
    expect(unknown.textContent).toBe('vip_goldunknown');
    expect(within(unknown).getByText('vip_gold').tagName).toBe('CODE');
  });

  it('writes the labels of the interface language: 玩家B, 炸金花, 苹果, and numbers in the locale', async () => {
    initTestI18n();
    i18n.addResourceBundle('zh', 'common', zhCommon, true, true);
    i18n.addResourceBundle('zh', 'statistics', zhStatistics, true, true);
    i18n.addResourceBundle('zh', 'enum', enumResources('zh'), true, true);
    await i18n.changeLanguage('zh');
    renderTable('game-records', [
      {
        transactionId: 't1',
        roundId: 'r1',
        playerId: 7,
        account: 'p7',
        provider: 1001,
        currency: 'INR',
        gameId: 2,
        tableId: 'T01',
        shoeId: 'T01-1',
        betType: 'player_b',
        op: 'bet',
        direction: 1,
        amount: 1234567,
        payout: 0,
        winLoss: -1234567,
        ts: Date.UTC(2025, 10, 3, 4, 5, 6),
        settledAt: Date.UTC(2025, 10, 3, 4, 5, 9),
      },
    ]);
    const row = screen.getAllByRole('row')[1] as HTMLElement;
    for (const text of ['玩家B', '炸金花', '投注结果', '12,345.67', '-12,345.67', '游戏'])
      expect(screen.getAllByText(text).length, text).toBeGreaterThan(0);
    expect(within(row).queryByText('player_b')).toBeNull();
  });
});

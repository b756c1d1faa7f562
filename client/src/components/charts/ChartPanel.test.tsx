import { configure, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/renderWithProviders';
import { ChartPanel } from './ChartPanel';
import { stubCanvas } from './stubCanvas';
import type { ChartOption } from './chartOption';

configure({ asyncUtilTimeout: 10_000 });

const OPTION: ChartOption = {
  xAxis: { type: 'category', data: ['1', '2'] },
  yAxis: { type: 'value' },
  series: [{ type: 'line', data: [1, 2] }],
};

describe('ChartPanel', { timeout: 30_000 }, () => {
  it('says there is nothing to draw instead of an empty grid', () => {
    renderWithProviders(
      <ChartPanel title="Daily GGR" option={OPTION} ariaLabel="GGR per day" empty emptyText="No data here" />,
    );
    expect(screen.getByText('Daily GGR')).toBeTruthy();
    expect(screen.getByText('No data here')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'GGR per day' })).toBeNull();
  });

  it('loads the chart module lazily and draws into a labelled figure', async () => {
    stubCanvas();
    renderWithProviders(
      <ChartPanel title="Daily GGR" option={OPTION} ariaLabel="GGR per day" emptyText="No data" />,
    );
    expect(await screen.findByRole('img', { name: 'GGR per day' })).toBeTruthy();
  });
});

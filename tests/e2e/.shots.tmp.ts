import { ADMIN_PASSWORD, api, launchBrowser, startGateway } from './harness';

const out = '/tmp/tpshots';
const gateway = await startGateway();
const browser = await launchBrowser();
try {
  const token = (await api<{ token: string }>(gateway.url, 'POST', '/api/user/login', { username: 'admin', password: ADMIN_PASSWORD })).data.token;
  const ids: number[] = [];
  for (const [seed, players] of [['shot-a', 2], ['shot-b', 5]] as const) {
    const r = await api<{ id: number }>(gateway.url, 'POST', '/api/teen-patti/sims/run', { seed, rounds: 20000, players, stakes: { player_a: 1000, player_b: 1000, tie: 100, pair_plus: 500 } }, token);
    ids.push(r.data.id);
  }
  await new Promise((r) => setTimeout(r, 4000));
  for (const [i, id] of ids.entries()) await api(gateway.url, 'POST', '/api/teen-patti/sims/save', { id, name: `Run ${i + 1}` }, token);
  for (const lng of ['zh', 'en'] as const) {
    for (const width of [1440, 390]) {
      const ctx = await browser.newContext({ viewport: { width, height: 900 } });
      await ctx.addCookies([{ name: 'language', value: lng, url: gateway.url }, { name: 'Admin-Token', value: token, url: gateway.url }]);
      const page = await ctx.newPage();
      await page.goto(`${gateway.url}/teenPatti/testTools`);
      await page.locator('#dms-tp-hand-1').waitFor();
      await page.locator('#dms-tp-hand-2').fill('KH KS 9D');
      await page.locator('#dms-tp-hand-1').fill('KC KD 8H');
      await page.locator('form.dms-tp__form button[type=submit]').click();
      await page.getByTestId('verdict').waitFor();
      await page.screenshot({ path: `${out}/${lng}-${width}-evaluate.png`, fullPage: true });
      await page.locator('#dms-tp-hand-1').fill('AS ZD QH');
      await page.locator('form.dms-tp__form button[type=submit]').click();
      await page.getByTestId('evaluate-error').waitFor();
      await page.screenshot({ path: `${out}/${lng}-${width}-error.png` });
      await page.locator('.bp6-tab').nth(1).click();
      await page.locator('form.dms-tp__form button[type=submit]').click();
      await page.getByTestId('deal-table').waitFor();
      await page.screenshot({ path: `${out}/${lng}-${width}-deal.png`, fullPage: true });
      await page.locator('.bp6-tab').nth(2).click();
      await page.locator('#dms-tp-sim-rounds').fill('1000000');
      await page.locator('form.dms-tp__form button[type=submit]').click();
      await page.getByTestId('sim-progress-text').waitFor();
      await page.waitForTimeout(700);
      await page.screenshot({ path: `${out}/${lng}-${width}-sim-running.png`, fullPage: true });
      await page.getByRole('button', { name: lng === 'zh' ? '取消' : 'Cancel' }).click();
      await page.getByTestId('sim-figures').waitFor();
      await page.screenshot({ path: `${out}/${lng}-${width}-sim-done.png`, fullPage: true });
      await page.goto(`${gateway.url}/teenPatti/testDataViewer`);
      await page.getByTestId('sim-list').waitFor();
      await page.screenshot({ path: `${out}/${lng}-${width}-viewer-list.png`, fullPage: true });
      await page.locator('.dms-tpv__pick input').nth(0).check({ force: true });
      await page.locator('.dms-tpv__pick input').nth(1).check({ force: true });
      await page.locator('.dms-tpv__filter button').nth(1).click();
      await page.getByTestId('sim-compare').waitFor();
      await page.screenshot({ path: `${out}/${lng}-${width}-viewer-compare.png`, fullPage: true });
      await page.locator('.dms-tpv__detail-head button').first().click();
      await page.locator('[data-testid="sim-list"] a').last().click();
      await page.getByTestId('sim-rounds').waitFor();
      await page.screenshot({ path: `${out}/${lng}-${width}-viewer-detail.png`, fullPage: true });
      await ctx.close();
    }
  }
} finally {
  await browser.close();
  await gateway.stop();
}

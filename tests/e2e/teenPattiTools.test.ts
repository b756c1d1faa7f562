import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENUM_LABELS } from '../../shared/src/domain/labels';
import enErrors from '../../client/src/locales/en/errors.json';
import enLogin from '../../client/src/locales/en/login.json';
import enTools from '../../client/src/locales/en/tpTools.json';
import enViewer from '../../client/src/locales/en/tpViewer.json';
import zhErrors from '../../client/src/locales/zh/errors.json';
import zhLogin from '../../client/src/locales/zh/login.json';
import zhTools from '../../client/src/locales/zh/tpTools.json';
import zhViewer from '../../client/src/locales/zh/tpViewer.json';
import {
  logInAs,
  ADMIN_PASSWORD,
  launchBrowser,
  newContext,
  startGateway,
  type Browser,
  type Gateway,
  type Page,
} from './harness';

let gateway: Gateway;
let browser: Browser;

beforeAll(async () => {
  gateway = await startGateway();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await gateway?.stop();
});

const TEXTS = {
  zh: { login: zhLogin, tools: zhTools, viewer: zhViewer, errors: zhErrors },
  en: { login: enLogin, tools: enTools, viewer: enViewer, errors: enErrors },
} as const;

const fill = (template: string, params: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k] ?? ''));

async function logIn(page: Page, lng: 'zh' | 'en'): Promise<void> {
  const texts = TEXTS[lng].login;
  await logInAs(page, gateway.url, 'admin', ADMIN_PASSWORD, texts);
}

describe.each(['zh', 'en'] as const)('Teen Patti test tools and simulated data viewer (%s)', (lng) => {
  const T = TEXTS[lng];

  it('evaluates a hand, names a bad card, runs a small simulation and shows it in the viewer', async () => {
    const context = await newContext(browser);
    await context.addCookies([{ name: 'language', value: lng, url: gateway.url }]);
    const page = await context.newPage();
    await logIn(page, lng);
    await page.goto(`${gateway.url}/teenPatti/testTools`);

    // Evaluate and compare: a sequence against a trail.
    const hand1 = page.getByRole('textbox', { name: fill(T.tools.evaluate.handN, { hand: 1 }), exact: true });
    await hand1.fill('AS KD QH');
    await page
      .getByRole('textbox', { name: fill(T.tools.evaluate.handOptional, { hand: 2 }) })
      .fill('2h 2s 2d');
    await page.getByRole('button', { name: T.tools.evaluate.evaluate }).click();
    await expect
      .poll(() => page.getByTestId('ranking-1').innerText(), { timeout: 60_000 })
      .toContain(ENUM_LABELS.teenPattiHand['4'][lng]);
    await expect
      .poll(() => page.getByTestId('ranking-2').innerText(), { timeout: 60_000 })
      .toContain(ENUM_LABELS.teenPattiHand['6'][lng]);
    expect(await page.getByTestId('verdict').innerText()).toContain(
      fill(T.tools.evaluate.winner, { hand: 2 }),
    );

    // Five cards: the poker ranking of the spec.
    await page.getByRole('textbox', { name: fill(T.tools.evaluate.handOptional, { hand: 2 }) }).fill('');
    await hand1.fill('10h jh qh kh ah');
    await page.getByRole('button', { name: T.tools.evaluate.evaluate }).click();
    await expect
      .poll(() => page.getByTestId('ranking-1').innerText(), { timeout: 60_000 })
      .toContain(ENUM_LABELS.handRank['10'][lng]);

    // A bad card: the message names it, in the interface language.
    await hand1.fill('AS ZD QH');
    await page.getByRole('button', { name: T.tools.evaluate.evaluate }).click();
    const error = page.getByTestId('evaluate-error');
    await error.waitFor();
    expect(await error.innerText()).toBe(
      fill(T.errors.cards.unknownRank, { hand: 1, card: 'ZD', rank: 'Z' }),
    );
    await hand1.fill('AS KX QH');
    await page.getByRole('button', { name: T.tools.evaluate.evaluate }).click();
    await expect
      .poll(() => error.innerText(), { timeout: 60_000 })
      .toBe(fill(T.errors.cards.unknownSuit, { hand: 1, card: 'KX', suit: 'X' }));

    // A small simulation, run in the gateway, saved for the viewer.
    await page.getByRole('tab', { name: T.tools.tab.simulate }).click();
    const seed = `e2e-${lng}`;
    await page.getByRole('textbox', { name: T.tools.sim.seed }).fill(seed);
    await page.getByRole('combobox', { name: T.tools.sim.rounds }).fill('3000');
    await page.getByRole('combobox', { name: T.tools.sim.players }).selectOption('3');
    await page.getByRole('button', { name: T.tools.sim.run }).click();
    await page.getByTestId('sim-figures').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('sim-progress-text').innerText()).toContain('3');
    expect(await page.getByTestId('rtp-player_a').innerText()).toMatch(/\d/);
    const name = `Sim ${lng}`;
    await page.getByPlaceholder(T.tools.sim.name).fill(name);
    await page.getByRole('button', { name: T.tools.sim.save }).click();
    await page.getByTestId('sim-saved').waitFor();

    // The viewer lists it; opened, it shows its figures and its rounds, filtered by the gateway.
    await page.goto(`${gateway.url}/teenPatti/testDataViewer`);
    await page.getByRole('link', { name }).click();
    await page.getByTestId('sim-detail').waitFor();
    await page.getByTestId('sim-rounds').waitFor();
    expect(await page.locator('[data-testid="sim-rounds"] tbody tr').count()).toBe(20);
    await page.getByRole('combobox', { name: T.viewer.rounds.winnerCategory, exact: true }).selectOption('2');
    await page.getByRole('button', { name: T.viewer.rounds.apply }).click();
    await expect
      .poll(
        async () => {
          const cells = await page
            .locator('[data-testid="sim-rounds"] tbody tr td:nth-child(6)')
            .allInnerTexts();
          return cells.length > 0 && cells.every((c) => c === ENUM_LABELS.teenPattiHand['2'][lng]);
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    await context.close();
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import zhCommon from '@/locales/zh/common.json';
import { initTestI18n } from '@/testing/i18nForTests';
import { i18n } from './i18n';
import { localizeBlueprintLabels } from './blueprintLabels';

describe('Blueprint labels', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
    document.body.innerHTML = '';
  });

  it('names the close buttons of dialogs opened later in the interface language', async () => {
    initTestI18n();
    i18n.addResourceBundle('zh', 'common', zhCommon, true, true);
    await i18n.changeLanguage('zh');
    const stop = localizeBlueprintLabels();
    const dialog = document.createElement('div');
    dialog.innerHTML = '<div class="bp6-dialog-header"><button aria-label="Close"></button></div>';
    document.body.append(dialog);
    await new Promise((r) => setTimeout(r, 0));
    expect(dialog.querySelector('button')?.getAttribute('aria-label')).toBe('关闭');
    stop();
  });
});

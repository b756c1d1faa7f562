import { describe, expect, it } from 'vitest';
import { setupStore } from '@/app/store';
import { SETTINGS_STORAGE_KEY } from '@/config/app';
import {
  colorSchemeToggled,
  DEFAULT_SETTINGS,
  loadSettings,
  settingChanged,
  settingsReset,
} from './settingsSlice';
import { applyThemeColor, luminance, shade, themeVariables } from './themeColor';

describe('settings', () => {
  it('defaults to the spec: tags bar off, panel offered, purple theme', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({ tagsView: false, showSettings: true, theme: '#6959CD' });
    expect(setupStore(undefined, { live: false }).getState().settings.panelOpen).toBe(false);
  });

  it('saves changes in localStorage and reads them back', () => {
    const store = setupStore(undefined, { live: false });
    store.dispatch(settingChanged({ key: 'fixedHeader', value: true }));
    store.dispatch(settingChanged({ key: 'theme', value: '#238551' }));
    store.dispatch(colorSchemeToggled());
    const saved = JSON.parse(window.localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '{}') as Record<
      string,
      unknown
    >;
    expect(saved).toMatchObject({ fixedHeader: true, theme: '#238551', colorScheme: 'dark' });
    expect(saved).not.toHaveProperty('panelOpen');
    expect(setupStore(undefined, { live: false }).getState().settings).toMatchObject({
      fixedHeader: true,
      colorScheme: 'dark',
    });
    store.dispatch(settingsReset());
    expect(loadSettings()).toEqual(DEFAULT_SETTINGS);
  });

  it('ignores saved values of the wrong type', () => {
    window.localStorage.setItem(
      SETTINGS_STORAGE_KEY,
      JSON.stringify({ theme: 'red; background:url(x)', tagsView: 'yes', colorScheme: 'sepia' }),
    );
    expect(loadSettings()).toEqual(DEFAULT_SETTINGS);
    window.localStorage.setItem(SETTINGS_STORAGE_KEY, '{not json');
    expect(loadSettings()).toEqual(DEFAULT_SETTINGS);
  });
});

describe('theme colour', () => {
  it('derives Blueprint primary intent variables from one colour', () => {
    const vars = themeVariables('#6959CD');
    expect(vars['--bp-intent-primary-rest']).toBe('#6959cd');
    expect(vars['--bp-intent-primary-hover']).toBe(shade('#6959cd', -0.15));
    expect(vars['--bp-intent-primary-foreground']).toBe('#ffffff');
    expect(themeVariables('#F0F0A0')['--bp-intent-primary-foreground']).toBe('#111418');
    expect(vars['--dms-primary-rgb']).toBe('105, 89, 205');
  });

  it('applies them to the root element', () => {
    applyThemeColor('#2D72D2');
    expect(document.documentElement.style.getPropertyValue('--bp-intent-primary-rest')).toBe('#2d72d2');
  });

  it('shades toward black and white', () => {
    expect(shade('#808080', -1)).toBe('#000000');
    expect(shade('#808080', 1)).toBe('#ffffff');
    expect(luminance('#ffffff')).toBeCloseTo(1);
  });
});

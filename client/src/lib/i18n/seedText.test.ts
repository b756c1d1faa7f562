import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED_TEXTS } from '@dms/shared/domain/seed';
import zhCommon from '@/locales/zh/common.json';
import { initTestI18n } from '@/testing/i18nForTests';
import { i18n } from './i18n';
import { seedText } from './seedText';

describe('seedText', () => {
  beforeEach(async () => {
    initTestI18n();
    i18n.addResourceBundle('zh', 'common', zhCommon, true, true);
    await i18n.changeLanguage('zh');
  });
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows the texts the product seeded in the interface language', () => {
    expect(seedText(SEED_TEXTS.superRoleName)).toBe('超级管理员');
    expect(seedText(SEED_TEXTS.superRoleDescription)).toBe(zhCommon.seed.superRoleDescription);
    expect(seedText(SEED_TEXTS.adminNickname)).toBe('系统管理员');
    expect(seedText(SEED_TEXTS.adminIntroduction)).toBe(zhCommon.seed.adminIntroduction);
  });

  it('shows any other value as it is (data someone typed)', () => {
    expect(seedText('Risk Analyst')).toBe('Risk Analyst');
    expect(seedText('super admin')).toBe('super admin');
    expect(seedText(undefined)).toBeUndefined();
  });
});

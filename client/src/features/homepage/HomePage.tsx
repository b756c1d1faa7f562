import './homepage.css';
import { Icon, Section, SectionCard, Tag, type IconName } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { flattenRoutes, type AppRoute } from '@dms/shared/permissions/routes';
import { Avatar } from '@/components/Avatar';
import { CurrencyTags, ProviderTags } from '@/components/page/ScopeTags';
import {
  selectCurrencies,
  selectProviderIds,
  selectRoutes,
  selectUserInfo,
} from '@/lib/session/sessionSlice';

function greetingKey(hour: number): string {
  if (hour < 12) return 'common:home.morning';
  if (hour < 18) return 'common:home.afternoon';
  return 'common:home.evening';
}

/** The groups a leaf sits in, for the tile's caption ("Permission"). */
function groupTitles(table: readonly AppRoute[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const route of table) {
    for (const child of route.children ?? []) if (route.meta?.title) out.set(child.path, route.meta.title);
  }
  return out;
}

/**
 * The home page: greets the account and shows its scope (role, providers, currencies) and the screens its
 * role grants. The platform data release turns it into the statistics workbench.
 */
export function HomePage() {
  const { t } = useTranslation();
  const info = useSelector(selectUserInfo);
  const currencies = useSelector(selectCurrencies);
  const providerIds = useSelector(selectProviderIds);
  const table = useSelector(selectRoutes);
  const screens = useMemo(
    () => flattenRoutes(table).filter((r) => !r.hidden && r.access?.length && r.meta?.title),
    [table],
  );
  const groups = useMemo(() => groupTitles(table), [table]);
  if (!info) return null;
  const name = info.nickname || info.user;

  return (
    <div className="dms-page dms-home">
      <section className="dms-home__hero">
        <Avatar src={info.avatar} name={name} size={64} />
        <div className="dms-home__hero-text">
          <h1 className="dms-home__greeting">
            {t(greetingKey(new Date().getHours()))}, {name}
          </h1>
          <p className="dms-home__subtitle">{t('common:home.subtitle')}</p>
          <div className="dms-home__chips">
            <Tag minimal round icon="user" size="large">
              {t('common:home.account')}: <strong>{info.user}</strong>
            </Tag>
            <Tag minimal round icon="shield" size="large" intent="primary">
              {t('common:home.role')}: <strong>{info.role.name}</strong>
            </Tag>
            {info.isSuper && (
              <Tag round icon="crown" size="large" intent="warning">
                {t('common:home.superAccount')}
              </Tag>
            )}
          </div>
        </div>
      </section>

      <div className="dms-home__grid">
        <Section
          className="dms-card"
          icon="globe-network"
          title={t('common:home.scopeTitle')}
          rightElement={
            <span className="dms-muted">
              {providerIds.length} · {currencies.length}
            </span>
          }
        >
          <SectionCard>
            <h4 className="dms-field-label">
              {t('common:home.providers')} <span className="dms-count">{providerIds.length}</span>
            </h4>
            <ProviderTags providers={info.providers} ids={providerIds} />
          </SectionCard>
          <SectionCard>
            <h4 className="dms-field-label">
              {t('common:home.currencies')} <span className="dms-count">{currencies.length}</span>
            </h4>
            <CurrencyTags currencies={currencies} />
          </SectionCard>
        </Section>

        <Section className="dms-card" icon="applications" title={t('common:home.screensTitle')}>
          <SectionCard>
            {screens.length === 0 ? (
              <p className="dms-muted">{t('common:home.noScreens')}</p>
            ) : (
              <ul className="dms-home__screens">
                {screens.map((route) => {
                  const group = groups.get(route.path);
                  return (
                    <li key={route.path}>
                      <Link to={route.path} className="dms-home__screen">
                        <span className="dms-home__screen-icon">
                          <Icon icon={(route.meta?.icon ?? 'document') as IconName} />
                        </span>
                        <span className="dms-home__screen-text">
                          <span className="dms-home__screen-title">
                            {t(`route:${route.meta?.title ?? ''}`)}
                          </span>
                          {group && <span className="dms-home__screen-group">{t(`route:${group}`)}</span>}
                        </span>
                        <Icon icon="chevron-right" className="dms-home__screen-arrow" />
                      </Link>
                    </li>
                  );
                })}
              </ul>
            )}
          </SectionCard>
        </Section>
      </div>
    </div>
  );
}

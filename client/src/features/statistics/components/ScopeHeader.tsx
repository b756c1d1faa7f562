import { Tag } from '@blueprintjs/core';
import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/Avatar';
import { selectCurrencies, selectProviderIds, selectUserInfo } from '@/lib/session/sessionSlice';
import { seedText } from '@/lib/i18n/seedText';

function greetingKey(hour: number): string {
  if (hour < 12) return 'header.morning';
  if (hour < 18) return 'header.afternoon';
  return 'header.evening';
}

/**
 * The greeting of the home page, made compact for the workbench: the account, its role and the size of
 * its data scope (providers and currencies), which bounds every figure below.
 */
export function ScopeHeader() {
  const { t } = useTranslation('statistics');
  const info = useSelector(selectUserInfo);
  const providerIds = useSelector(selectProviderIds);
  const currencies = useSelector(selectCurrencies);
  if (!info) return null;
  const name = seedText(info.nickname) || info.user;
  return (
    <div className="dms-scope">
      <Avatar src={info.avatar} name={name} size={40} />
      <div className="dms-scope__text">
        <h1 className="dms-scope__greeting">
          {t(greetingKey(new Date().getHours()))}, {name}
        </h1>
        <div className="dms-scope__chips">
          <Tag minimal round icon="shield" intent="primary">
            {seedText(info.role.name)}
          </Tag>
          {info.isSuper && (
            <Tag minimal round icon="crown" intent="warning">
              {t('header.superAccount')}
            </Tag>
          )}
          <Tag minimal round icon="globe-network">
            {info.isSuper
              ? t('header.scopeAll')
              : t('header.scope', { providers: providerIds.length, currencies: currencies.length })}
          </Tag>
        </div>
      </div>
    </div>
  );
}

import { Tag } from '@blueprintjs/core';
import type { Provider } from '@dms/shared/contracts/http/user';
import type { CurrencyOption } from '@/lib/session/userInfo';
import { currencyName } from '@/lib/i18n/currencyName';

/** The account's providers as tags: name and id. */
export function ProviderTags({ providers, ids }: { providers: readonly Provider[]; ids: readonly number[] }) {
  const names = new Map(providers.map((p) => [p.id, p.name]));
  return (
    <div className="dms-tags">
      {ids.map((id) => (
        <Tag key={id} minimal round className="dms-tag" translate="no">
          {names.get(id) ?? id}
          <span className="dms-tag__meta">#{id}</span>
        </Tag>
      ))}
    </div>
  );
}

/** The account's currencies as tags: code and name. */
export function CurrencyTags({ currencies }: { currencies: readonly CurrencyOption[] }) {
  return (
    <div className="dms-tags">
      {currencies.map((c) => (
        <Tag key={c.key} minimal round className="dms-tag" title={currencyName(c.value, c.label)}>
          <strong translate="no">{c.value}</strong>
          {c.label !== c.value && <span className="dms-tag__meta">{currencyName(c.value, c.label)}</span>}
        </Tag>
      ))}
    </div>
  );
}

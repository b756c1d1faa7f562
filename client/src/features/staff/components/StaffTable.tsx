import { Classes, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { StaffRow } from '@dms/shared/contracts/http/staff';
import type { Provider } from '@dms/shared/contracts/http/user';
import { formatDate } from '@dms/shared/format/date';
import { relativeTime, type RelativeTimeLanguage } from '@dms/shared/format/relativeTime';
import { RowActions } from '@/components/table/RowActions';
import { SkeletonRows } from '@/components/table/SkeletonRows';
import { useNow } from '@/lib/time/useNow';
import { seedText } from '@/lib/i18n/seedText';

/** Props of {@link StaffTable}. */
export interface StaffTableProps {
  rows: readonly StaffRow[];
  /** Providers in scope, to show names instead of ids. */
  providers: readonly Provider[];
  /** The signed-in account's id, whose row offers no delete. */
  selfUid?: number;
  loading?: boolean;
  onEdit: (staff: StaffRow) => void;
  onDelete: (staff: StaffRow) => void;
}

const COLUMNS = 9;
/** Tags (currencies) shown in a cell before the rest are summed up as "+N". */
const MAX_TAGS = 4;
/** Provider names shown in a cell before the rest are summed up as "+N". */
const MAX_NAMES = 2;

function languageOf(lng: string | undefined): RelativeTimeLanguage {
  const base = (lng ?? 'zh').slice(0, 2);
  return base === 'en' || base === 'es' || base === 'ja' ? base : 'zh';
}

function TagList({ items }: { items: readonly string[] }) {
  if (items.length === 0) return <span className={Classes.TEXT_MUTED}>—</span>;
  const shown = items.slice(0, MAX_TAGS);
  const rest = items.slice(MAX_TAGS);
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
      {shown.map((item) => (
        <Tag key={item} minimal>
          {item}
        </Tag>
      ))}
      {rest.length > 0 && (
        <Tag minimal intent={Intent.PRIMARY} title={rest.join(', ')}>
          +{rest.length}
        </Tag>
      )}
    </div>
  );
}

/** Names as running text: the first few, then "+N" with the rest in its tooltip. */
function NameList({ names }: { names: readonly string[] }) {
  if (names.length === 0) return <span className={Classes.TEXT_MUTED}>—</span>;
  const shown = names.slice(0, MAX_NAMES);
  const rest = names.slice(MAX_NAMES);
  return (
    <span title={names.join(', ')}>
      {shown.join(', ')}
      {rest.length > 0 && (
        <>
          {' '}
          <Tag minimal round intent={Intent.PRIMARY}>
            +{rest.length}
          </Tag>
        </>
      )}
    </span>
  );
}

/** The accounts table: id, account, nickname, role, providers, currencies, created, last login, actions. */
export function StaffTable({ rows, providers, selfUid, loading = false, onEdit, onDelete }: StaffTableProps) {
  const { t, i18n } = useTranslation('permission');
  const now = useNow(60_000);
  const lang = languageOf(i18n.resolvedLanguage ?? i18n.language);
  const providerNames = new Map(providers.map((p) => [p.id, p.name] as const));

  return (
    <div style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('staff.tableLabel')}>
      <HTMLTable striped compact style={{ width: '100%', minWidth: 1040 }} aria-busy={loading || undefined}>
        <thead>
          <tr>
            <th scope="col" style={{ width: 52 }}>
              {t('common.id')}
            </th>
            <th scope="col" style={{ minWidth: 130 }}>
              {t('staff.fields.account')}
            </th>
            <th scope="col" style={{ minWidth: 90 }}>
              {t('staff.fields.nickname')}
            </th>
            <th scope="col" style={{ minWidth: 90 }}>
              {t('staff.fields.role')}
            </th>
            <th scope="col" style={{ minWidth: 180 }}>
              {t('staff.fields.providers')}
            </th>
            <th scope="col" style={{ minWidth: 150 }}>
              {t('staff.fields.currencies')}
            </th>
            <th scope="col" style={{ whiteSpace: 'nowrap' }}>
              {t('common.createdAt')}
            </th>
            <th scope="col" style={{ whiteSpace: 'nowrap' }}>
              {t('staff.fields.lastLogin')}
            </th>
            <th scope="col" style={{ whiteSpace: 'nowrap' }}>
              {t('common.actions')}
            </th>
          </tr>
        </thead>
        <tbody>
          {loading ? (
            <SkeletonRows columns={COLUMNS} />
          ) : (
            rows.map((staff) => {
              const self = selfUid !== undefined && staff.id === selfUid;
              return (
                <tr key={staff.id} data-testid={`staff-row-${staff.id}`}>
                  <td>{staff.id}</td>
                  <td>
                    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6, flexWrap: 'wrap' }}>
                      <strong translate="no">{staff.account}</strong>
                      {staff.isSuper && (
                        <Tag minimal intent={Intent.PRIMARY} icon="lock">
                          {t('staff.superTag')}
                        </Tag>
                      )}
                      {self && (
                        <Tag minimal intent={Intent.SUCCESS}>
                          {t('staff.selfTag')}
                        </Tag>
                      )}
                    </span>
                  </td>
                  <td
                    className={staff.nickname ? undefined : Classes.TEXT_MUTED}
                    translate={staff.isSuper ? undefined : 'no'}
                  >
                    {seedText(staff.nickname) || '—'}
                  </td>
                  <td style={{ whiteSpace: 'nowrap' }}>
                    {seedText(staff.roleName) || <span className={Classes.TEXT_MUTED}>—</span>}
                  </td>
                  <td>
                    <NameList names={staff.providers.map((id) => providerNames.get(id) ?? `#${id}`)} />
                  </td>
                  <td>
                    <TagList items={staff.currencies} />
                  </td>
                  <td style={{ whiteSpace: 'nowrap' }}>{formatDate(staff.createdAt)}</td>
                  <td style={{ whiteSpace: 'nowrap' }}>
                    {staff.lastLoginAt === null ? (
                      <span className={Classes.TEXT_MUTED}>{t('staff.neverLoggedIn')}</span>
                    ) : (
                      <time
                        dateTime={new Date(staff.lastLoginAt).toISOString()}
                        title={formatDate(staff.lastLoginAt)}
                      >
                        {relativeTime(staff.lastLoginAt, now, lang)}
                      </time>
                    )}
                  </td>
                  <td style={{ whiteSpace: 'nowrap' }}>
                    <RowActions
                      protectedReason={
                        staff.isSuper
                          ? t('errors:code.-101')
                          : self
                            ? t('errors:staff.editSelf')
                            : staff.manageable
                              ? undefined
                              : t('staff.locked')
                      }
                      editLabel={t('staff.editAria', { account: staff.account })}
                      onEdit={() => onEdit(staff)}
                      deleteLabel={t('staff.deleteAria', { account: staff.account })}
                      onDelete={self ? undefined : () => onDelete(staff)}
                    />
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </HTMLTable>
    </div>
  );
}

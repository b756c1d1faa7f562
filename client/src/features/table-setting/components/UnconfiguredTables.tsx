import { Button, Callout, Card, Classes, HTMLTable, Intent, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { UnconfiguredTable } from '@dms/shared/contracts/http/tables';
import { formatDate } from '@dms/shared/format/date';
import { EnumValue } from '@/components/labels/EnumValue';
import { errorMessageOf } from '@/lib/api/baseQuery';
import { formatCount } from '@/lib/format/number';
import { useTableUnconfiguredQuery } from '../api/tablesApi';

/**
 * "Unconfigured tables seen in events": the tables the stored rounds name that are not configured, with
 * their first and last round and round count; adopting one opens the create dialog prefilled with it.
 */
export function UnconfiguredTables({ onAdopt }: { onAdopt: (table: UnconfiguredTable) => void }) {
  const { t } = useTranslation('tables');
  const query = useTableUnconfiguredQuery();
  const rows = query.data ?? [];
  let body: React.ReactNode;
  if (query.isError && !query.data) {
    body = (
      <Callout intent={Intent.DANGER} icon="error" title={t('unconfigured.loadFailed')}>
        {errorMessageOf(query.error)}{' '}
        <Button
          size="small"
          variant="minimal"
          icon="refresh"
          text={t('common:retry')}
          onClick={() => void query.refetch()}
        />
      </Callout>
    );
  } else if (query.isLoading) {
    body = <Spinner size={20} aria-label={t('common:loading')} />;
  } else if (rows.length === 0) {
    body = <p className={Classes.TEXT_MUTED}>{t('unconfigured.empty')}</p>;
  } else {
    body = (
      <div className="dms-table-scroll" tabIndex={0} aria-label={t('unconfigured.tableLabel')} role="region">
        <HTMLTable striped compact className="dms-game-tables">
          <thead>
            <tr>
              <th scope="col">{t('fields.game')}</th>
              <th scope="col">{t('fields.tableId')}</th>
              <th scope="col">{t('unconfigured.firstSeen')}</th>
              <th scope="col">{t('unconfigured.lastSeen')}</th>
              <th scope="col" style={{ textAlign: 'right' }}>
                {t('unconfigured.rounds')}
              </th>
              <th scope="col">{t('fields.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.gameId}-${row.tableId}`} data-testid={`unconfigured-${row.tableId}`}>
                <td>
                  <EnumValue name="game" value={row.gameId} />
                </td>
                <td translate="no">
                  <code>{row.tableId}</code>
                </td>
                <td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.firstSeenAt)}</td>
                <td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.lastSeenAt)}</td>
                <td style={{ textAlign: 'right' }}>{formatCount(row.rounds)}</td>
                <td>
                  <Button
                    size="small"
                    icon="add"
                    intent={Intent.PRIMARY}
                    variant="outlined"
                    text={t('unconfigured.adopt')}
                    aria-label={t('unconfigured.adoptAria', { tableId: row.tableId })}
                    onClick={() => onAdopt(row)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
    );
  }
  return (
    <Card style={{ padding: 'clamp(10px, 2vw, 20px)', marginTop: 'clamp(8px, 2vw, 16px)' }}>
      <h3 className={Classes.HEADING} style={{ marginTop: 0 }}>
        {t('unconfigured.title')}
      </h3>
      <p className={Classes.TEXT_MUTED}>{t('unconfigured.description')}</p>
      {body}
    </Card>
  );
}

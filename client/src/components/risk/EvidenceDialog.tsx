import './evidence.css';
import { Classes, Dialog, DialogBody, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@dms/shared/format/date';
import { EnumValue } from '@/components/labels/EnumValue';
import { TablePager } from '@/components/TablePager';
import { formatAmount } from '@/lib/format/number';
import { useScopeOptions } from '@/components/filters/useScopeOptions';
import { useRiskGroupRoundsQuery } from '@/lib/api/riskEvidenceApi';

export interface EvidenceDialogProps {
  groupId: string | undefined;
  onClose: () => void;
  portalContainer?: HTMLElement | undefined;
}

/** The evidence rounds of a cross-bet group: each round's table, result and every member's bet. */
export function EvidenceDialog({ groupId, onClose, portalContainer }: EvidenceDialogProps) {
  const { t } = useTranslation('risk');
  const { providerName } = useScopeOptions();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(10);
  const rounds = useRiskGroupRoundsQuery({ id: groupId ?? '', page, size }, { skip: !groupId });
  const items = rounds.data?.items ?? [];
  return (
    <Dialog
      isOpen={groupId !== undefined}
      onClose={onClose}
      title={t('evidence.title')}
      icon="search-template"
      className="dms-evidence"
      {...(portalContainer ? { portalContainer } : {})}
    >
      <DialogBody>
        <p className={Classes.TEXT_MUTED} translate="no">
          {groupId}
        </p>
        {rounds.isLoading ? (
          <Spinner size={28} />
        ) : items.length === 0 ? (
          <NonIdealState icon="search" description={t('evidence.empty')} />
        ) : (
          <>
            {items.map((r) => (
              <section
                key={r.roundId}
                className="dms-evidence__round"
                aria-label={t('evidence.round', { id: r.roundId })}
              >
                <h4 className={Classes.HEADING}>
                  <span translate="no">{r.roundId}</span> · <span translate="no">{r.tableId}</span> ·{' '}
                  {r.settledAt ? formatDate(r.settledAt) : '—'}
                  {typeof r.result?.winner === 'string' && (
                    <Tag minimal className="dms-evidence__winner">
                      <EnumValue name="betType" value={r.result.winner} />
                    </Tag>
                  )}
                </h4>
                <HTMLTable compact className="dms-evidence__table">
                  <thead>
                    <tr>
                      <th scope="col">{t('col.provider')}</th>
                      <th scope="col">{t('col.account')}</th>
                      <th scope="col">{t('col.betType')}</th>
                      <th scope="col" className="dms-evidence__num">
                        {t('col.amount')}
                      </th>
                      <th scope="col" className="dms-evidence__num">
                        {t('col.payout')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {r.bets.map((b, i) => (
                      <tr key={i}>
                        <td>{providerName(b.provider)}</td>
                        <td translate="no">{b.account}</td>
                        <td>
                          <EnumValue name="betType" value={b.betType} />
                        </td>
                        <td className="dms-evidence__num">{formatAmount(b.amount, b.currency)}</td>
                        <td className="dms-evidence__num">{formatAmount(b.payout, b.currency)}</td>
                      </tr>
                    ))}
                  </tbody>
                </HTMLTable>
              </section>
            ))}
            <TablePager
              page={page}
              pageSize={size}
              total={rounds.data?.total ?? 0}
              onPageChange={setPage}
              onPageSizeChange={(s) => {
                setSize(s);
                setPage(1);
              }}
            />
          </>
        )}
      </DialogBody>
    </Dialog>
  );
}

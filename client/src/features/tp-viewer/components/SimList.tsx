import { useState } from 'react';
import { Button, Checkbox, HTMLTable, InputGroup, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@dms/shared/format/date';
import { TablePager } from '@/components/TablePager';
import { SimStatusTag } from '@/components/teen-patti/SimStatusTag';
import { errorMessageOf } from '@/lib/api/baseQuery';
import { formatCount, formatRatioPrecise } from '@/lib/format/number';
import { useTpSimListQuery } from '@/lib/api/teenPattiApi';

/** Props of {@link SimList}. */
export interface SimListProps {
  onOpen: (id: number) => void;
  onCompare: (a: number, b: number) => void;
}

/** The saved simulations, newest first, a page at a time from the gateway; two can be picked to compare. */
export function SimList({ onOpen, onCompare }: SimListProps) {
  const { t } = useTranslation('tpViewer');
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [picked, setPicked] = useState<number[]>([]);
  const list = useTpSimListQuery({ page, pageSize, keyword: keyword || undefined });
  const rows = list.data?.list ?? [];

  let body: React.ReactNode;
  if (list.isError && !list.data) {
    body = <NonIdealState icon="error" title={t('loadFailed')} description={errorMessageOf(list.error)} />;
  } else if (list.isLoading) {
    body = (
      <div className="dms-loading" role="status">
        <Spinner size={30} />
      </div>
    );
  } else if (rows.length === 0) {
    body = <NonIdealState icon="lab-test" title={t('list.empty')} description={t('list.emptyHint')} />;
  } else {
    body = (
      <>
        <div className="dms-tpv__scroll">
          <HTMLTable compact striped interactive className="dms-tpv__list" data-testid="sim-list">
            <thead>
              <tr>
                <th scope="col">{t('list.pick')}</th>
                <th scope="col">{t('list.name')}</th>
                <th scope="col">{t('list.seed')}</th>
                <th scope="col" className="dms-num">
                  {t('list.players')}
                </th>
                <th scope="col" className="dms-num">
                  {t('list.rounds')}
                </th>
                <th scope="col" className="dms-num">
                  {t('list.rtp')}
                </th>
                <th scope="col">{t('list.status')}</th>
                <th scope="col">{t('list.createdBy')}</th>
                <th scope="col">{t('list.createdAt')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} data-sim={r.id} onClick={() => onOpen(r.id)}>
                  <td onClick={(e) => e.stopPropagation()}>
                    <Checkbox
                      aria-label={t('list.pickAria', { name: r.name })}
                      checked={picked.includes(r.id)}
                      disabled={!picked.includes(r.id) && picked.length >= 2}
                      onChange={() =>
                        setPicked((p) => (p.includes(r.id) ? p.filter((x) => x !== r.id) : [...p, r.id]))
                      }
                      className="dms-tpv__pick"
                    />
                  </td>
                  <td translate="no">
                    <a
                      href="#"
                      onClick={(e) => {
                        e.preventDefault();
                        e.stopPropagation();
                        onOpen(r.id);
                      }}
                    >
                      {r.name}
                    </a>
                  </td>
                  <td translate="no">{r.seed}</td>
                  <td className="dms-num">{r.players}</td>
                  <td className="dms-num">{formatCount(r.doneRounds)}</td>
                  <td className="dms-num">{r.staked ? formatRatioPrecise(r.payout / r.staked) : '—'}</td>
                  <td>
                    <SimStatusTag status={r.status} />
                  </td>
                  <td translate="no">{r.createdBy}</td>
                  <td>{formatDate(r.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
        <TablePager
          page={page}
          pageSize={pageSize}
          total={list.data?.total ?? 0}
          disabled={list.isFetching}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
        />
      </>
    );
  }

  return (
    <>
      <form
        className="dms-tpv__filter"
        role="search"
        aria-label={t('list.search')}
        onSubmit={(e) => {
          e.preventDefault();
          setKeyword(draft.trim());
          setPage(1);
        }}
      >
        <InputGroup
          aria-label={t('list.keyword')}
          placeholder={t('list.keyword')}
          value={draft}
          maxLength={64}
          onChange={(e) => setDraft(e.currentTarget.value)}
        />
        <Button type="submit" icon="search" intent={Intent.PRIMARY} text={t('list.search')} />
        <Button
          icon="comparison"
          text={t('list.compare', { count: picked.length })}
          disabled={picked.length !== 2}
          onClick={() => onCompare(picked[0] as number, picked[1] as number)}
        />
      </form>
      {body}
    </>
  );
}

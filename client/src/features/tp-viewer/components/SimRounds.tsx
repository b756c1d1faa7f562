import { useState } from 'react';
import {
  Button,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { TpSimRow } from '@dms/shared/contracts/http/teenPatti';
import { EnumValue } from '@/components/labels/EnumValue';
import { TablePager } from '@/components/TablePager';
import { HandFaces } from '@/components/teen-patti/CardFace';
import { downloadFile, errorMessageOf } from '@/lib/api/baseQuery';
import { languageOf } from '@/lib/i18n/languages';
import { formatAmount } from '@/lib/format/number';
import { showSuccess } from '@/lib/notify/toaster';
import { useTpSimRoundsQuery } from '@/lib/api/teenPattiApi';
import { endpoints } from '@dms/shared/contracts/http/endpoints';

interface Filter {
  winnerCategory: string;
  winnerSeat: string;
  result: string;
  minPayout: string;
  maxPayout: string;
}

const NO_FILTER: Filter = { winnerCategory: '', winnerSeat: '', result: '', minPayout: '', maxPayout: '' };

/** Minor units of an amount typed in major units, '' for none, null when it is not an amount. */
function minorOf(text: string): number | undefined | null {
  const t = text.trim();
  if (!t) return undefined;
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  return Math.round(Number(t) * 100);
}

/** The query parameters of a filter, or null when an amount is not one. */
function paramsOf(f: Filter) {
  const min = minorOf(f.minPayout);
  const max = minorOf(f.maxPayout);
  if (min === null || max === null) return null;
  return {
    winnerCategory: f.winnerCategory ? Number(f.winnerCategory) : undefined,
    winnerSeat: f.winnerSeat ? Number(f.winnerSeat) : undefined,
    result: (f.result || undefined) as 'player_a' | 'player_b' | 'tie' | undefined,
    minPayout: min,
    maxPayout: max,
  };
}

/**
 * A simulation's rounds in order, filtered and paged by the gateway, each with every seat's cards (dealt
 * again from the seed); the filter's rounds download as .xlsx, streamed whatever their number.
 */
export function SimRounds({ sim }: { sim: TpSimRow }) {
  const { t, i18n } = useTranslation('tpViewer');
  const [draft, setDraft] = useState<Filter>(NO_FILTER);
  const [filter, setFilter] = useState<Filter>(NO_FILTER);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [exporting, setExporting] = useState(false);
  const applied = paramsOf(filter) ?? {};
  const rounds = useTpSimRoundsQuery({ id: sim.id, page, pageSize, ...applied });
  const draftParams = paramsOf(draft);
  const rangeBad =
    draftParams !== null &&
    draftParams.minPayout !== undefined &&
    draftParams.maxPayout !== undefined &&
    draftParams.minPayout > draftParams.maxPayout;
  const rows = rounds.data?.list ?? [];

  const onExport = async () => {
    setExporting(true);
    try {
      const file = await downloadFile(endpoints.tpSimExport.path, {
        id: sim.id,
        ...applied,
        lang: languageOf(i18n.language),
      });
      void showSuccess(t('rounds.downloaded', { file: file.fileName }));
    } catch {
      // downloadFile has shown the refusal.
    } finally {
      setExporting(false);
    }
  };

  let body: React.ReactNode;
  if (rounds.isError && !rounds.data) {
    body = <NonIdealState icon="error" title={t('loadFailed')} description={errorMessageOf(rounds.error)} />;
  } else if (rounds.isLoading) {
    body = (
      <div className="dms-loading" role="status">
        <Spinner size={30} />
      </div>
    );
  } else if (rows.length === 0) {
    body = <NonIdealState icon="filter" title={t('rounds.empty')} />;
  } else {
    body = (
      <>
        <div className="dms-tpv__scroll">
          <HTMLTable compact striped className="dms-tpv__rounds" data-testid="sim-rounds">
            <thead>
              <tr>
                <th scope="col" className="dms-num">
                  {t('rounds.index')}
                </th>
                {Array.from({ length: sim.players }, (_, i) => (
                  <th scope="col" key={i}>
                    {t('rounds.seatN', { seat: i + 1 })}
                  </th>
                ))}
                <th scope="col">{t('rounds.winners')}</th>
                <th scope="col">{t('rounds.winnerCategory')}</th>
                <th scope="col">{t('rounds.result')}</th>
                <th scope="col" className="dms-num">
                  {t('rounds.payout')}
                </th>
                <th scope="col" className="dms-num">
                  {t('rounds.net')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.index} data-round={r.index}>
                  <td className="dms-num">{r.index}</td>
                  {r.hands.map((h, i) => (
                    <td key={i} className={r.winners.includes(i + 1) ? 'dms-tpv__winner' : undefined}>
                      <HandFaces codes={h} />
                    </td>
                  ))}
                  <td>{r.winners.join(', ')}</td>
                  <td>
                    <EnumValue name="teenPattiHand" value={r.winnerCategory} />
                  </td>
                  <td>
                    <EnumValue name="betType" value={r.result} />
                  </td>
                  <td className="dms-num">{formatAmount(r.payout)}</td>
                  <td className="dms-num">{formatAmount(r.net)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
        <TablePager
          page={page}
          pageSize={pageSize}
          total={rounds.data?.total ?? 0}
          disabled={rounds.isFetching}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
        />
      </>
    );
  }

  const set = (key: keyof Filter) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setDraft({ ...draft, [key]: e.currentTarget.value });

  return (
    <section aria-label={t('rounds.title')} className="dms-tpv__rounds-section">
      <form
        className="dms-tpv__filter dms-tpv__filter--rounds"
        role="search"
        aria-label={t('rounds.filter')}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (draftParams === null || rangeBad) return;
          setFilter(draft);
          setPage(1);
        }}
      >
        <FormGroup label={t('rounds.winnerCategory')} labelFor="dms-tpv-category">
          <HTMLSelect id="dms-tpv-category" value={draft.winnerCategory} onChange={set('winnerCategory')}>
            <option value="">{t('rounds.any')}</option>
            {[6, 5, 4, 3, 2, 1].map((c) => (
              <option key={c} value={c}>
                {t(`enum:teenPattiHand.${c}`)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={t('rounds.winnerSeat')} labelFor="dms-tpv-seat">
          <HTMLSelect id="dms-tpv-seat" value={draft.winnerSeat} onChange={set('winnerSeat')}>
            <option value="">{t('rounds.any')}</option>
            {Array.from({ length: sim.players }, (_, i) => (
              <option key={i} value={i + 1}>
                {t('rounds.seatN', { seat: i + 1 })}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={t('rounds.result')} labelFor="dms-tpv-result">
          <HTMLSelect id="dms-tpv-result" value={draft.result} onChange={set('result')}>
            <option value="">{t('rounds.any')}</option>
            {(['player_a', 'player_b', 'tie'] as const).map((r) => (
              <option key={r} value={r}>
                {t(`enum:betType.${r}`)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup
          label={t('rounds.payoutRange')}
          labelFor="dms-tpv-min"
          intent={draftParams === null || rangeBad ? Intent.DANGER : Intent.NONE}
          helperText={
            draftParams === null ? t('rounds.amountBad') : rangeBad ? t('rounds.rangeBad') : undefined
          }
        >
          <div className="dms-tpv__range">
            <InputGroup
              id="dms-tpv-min"
              aria-label={t('rounds.minPayout')}
              placeholder={t('rounds.min')}
              inputMode="decimal"
              value={draft.minPayout}
              onChange={set('minPayout')}
            />
            <span aria-hidden="true">–</span>
            <InputGroup
              aria-label={t('rounds.maxPayout')}
              placeholder={t('rounds.max')}
              inputMode="decimal"
              value={draft.maxPayout}
              onChange={set('maxPayout')}
            />
          </div>
        </FormGroup>
        <div className="dms-tpv__filter-actions">
          <Button
            type="submit"
            icon="search"
            intent={Intent.PRIMARY}
            text={t('rounds.apply')}
            loading={rounds.isFetching}
          />
          <Button
            icon="reset"
            text={t('rounds.reset')}
            onClick={() => {
              setDraft(NO_FILTER);
              setFilter(NO_FILTER);
              setPage(1);
            }}
          />
          <Button
            icon="download"
            text={t('rounds.export')}
            loading={exporting}
            disabled={(rounds.data?.total ?? 0) === 0}
            onClick={() => void onExport()}
          />
        </div>
      </form>
      {body}
    </section>
  );
}

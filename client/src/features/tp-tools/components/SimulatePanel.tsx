import { useEffect, useState } from 'react';
import {
  Button,
  Callout,
  Classes,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  ProgressBar,
} from '@blueprintjs/core';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useTranslation } from 'react-i18next';
import { TP_SIM_MAX_ROUNDS, TP_SIM_MAX_STAKE } from '@dms/shared/contracts/http/teenPatti';
import type { TeenPattiBetType } from '@dms/shared/domain/games';
import { SIM_MAX_PLAYERS, TEEN_PATTI_BETS } from '@dms/shared/games/teenPattiSim';
import { EnumValue } from '@/components/labels/EnumValue';
import { SimFigures } from '@/components/teen-patti/SimFigures';
import { SimStatusTag } from '@/components/teen-patti/SimStatusTag';
import { errorMessageOf } from '@/lib/api/baseQuery';
import { formatCount } from '@/lib/format/number';
import { showSuccess } from '@/lib/notify/toaster';
import {
  useTpSimCancelMutation,
  useTpSimDeleteMutation,
  useTpSimGetQuery,
  useTpSimRunMutation,
  useTpSimSaveMutation,
} from '@/lib/api/teenPattiApi';

/** Stakes as typed, in major units ("10", "2.5"). */
type StakeDraft = Record<TeenPattiBetType, string>;

const DEFAULT_STAKES: StakeDraft = { player_a: '10', player_b: '10', tie: '1', pair_plus: '5' };
/** Where the id of the run on screen is kept (per browser tab). */
const RUN_KEY = 'dms-tp-sim-run';
const ROUND_CHOICES = [1_000, 10_000, 100_000, 1_000_000, 2_000_000];

/** Minor units of a typed amount, or undefined when it is not an amount from 0 to the largest stake. */
function minorOf(text: string): number | undefined {
  const t = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return undefined;
  const minor = Math.round(Number(t) * 100);
  return minor <= TP_SIM_MAX_STAKE ? minor : undefined;
}

/**
 * Run a simulation: rounds, players and stakes per bet; the gateway plays it in chunks and stores every
 * round; the panel polls its progress (a bar, a cancel button), then shows its figures against theory and
 * offers to save it under a name for the simulated data viewer, or to discard it.
 */
export function SimulatePanel() {
  const { t } = useTranslation('tpTools');
  const [seed, setSeed] = useState('');
  const [rounds, setRounds] = useState('100000');
  const [players, setPlayers] = useState(2);
  const [stakes, setStakes] = useState<StakeDraft>(DEFAULT_STAKES);
  // The run on screen survives leaving the page (it goes on in the gateway): its id is kept for this tab.
  const [simId, setSimIdState] = useState<number | undefined>(() => {
    const kept = Number(sessionStorage.getItem(RUN_KEY));
    return Number.isInteger(kept) && kept > 0 ? kept : undefined;
  });
  const setSimId = (id: number | undefined) => {
    if (id === undefined) sessionStorage.removeItem(RUN_KEY);
    else sessionStorage.setItem(RUN_KEY, String(id));
    setSimIdState(id);
  };
  const [name, setName] = useState('');
  const [run, running] = useTpSimRunMutation();
  const [cancel, cancelling] = useTpSimCancelMutation();
  const [save, saving] = useTpSimSaveMutation();
  const [discard] = useTpSimDeleteMutation();
  const [ended, setEnded] = useState<number>();
  // Polled while it runs; once it has ended the figures stay as they are.
  const sim = useTpSimGetQuery(simId === undefined ? skipToken : { id: simId }, {
    pollingInterval: simId !== undefined && ended !== simId ? 400 : 0,
  });
  const data = simId === undefined ? undefined : sim.data;
  const gone = simId !== undefined && (sim.error as { key?: string } | undefined)?.key === 'tpSim.notFound';
  useEffect(() => {
    // The kept run was deleted meanwhile: forget it.
    if (gone) {
      sessionStorage.removeItem(RUN_KEY);
      setSimIdState(undefined);
    }
  }, [gone]);
  const isRunning = data?.status === 'running';
  if (data && !isRunning && ended !== data.id) setEnded(data.id);

  const roundCount = Number(rounds);
  const roundsOk = Number.isInteger(roundCount) && roundCount >= 1 && roundCount <= TP_SIM_MAX_ROUNDS;
  const minor = Object.fromEntries(TEEN_PATTI_BETS.map((b) => [b, minorOf(stakes[b])])) as Record<
    TeenPattiBetType,
    number | undefined
  >;
  const stakesOk =
    TEEN_PATTI_BETS.every((b) => minor[b] !== undefined) && TEEN_PATTI_BETS.some((b) => (minor[b] ?? 0) > 0);

  const start = async () => {
    if (!roundsOk || !stakesOk) return;
    const res = await run({
      ...(seed.trim() ? { seed: seed.trim() } : {}),
      rounds: roundCount,
      players,
      stakes: minor as Record<TeenPattiBetType, number>,
    });
    if ('data' in res && res.data) {
      setSimId(res.data.id);
      setSeed(res.data.seed);
      setName('');
    }
  };

  return (
    <div className="dms-tp__panel">
      <p className={Classes.TEXT_MUTED}>{t('sim.hint')}</p>
      <form
        className="dms-tp__form dms-tp__form--sim"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void start();
        }}
      >
        <FormGroup label={t('sim.seed')} labelFor="dms-tp-sim-seed" helperText={t('sim.seedHelp')}>
          <InputGroup
            id="dms-tp-sim-seed"
            value={seed}
            maxLength={64}
            onChange={(e) => setSeed(e.currentTarget.value)}
          />
        </FormGroup>
        <FormGroup
          label={t('sim.rounds')}
          labelFor="dms-tp-sim-rounds"
          helperText={
            roundsOk
              ? t('sim.roundsHelp', { max: formatCount(TP_SIM_MAX_ROUNDS) })
              : t('sim.roundsBad', { max: formatCount(TP_SIM_MAX_ROUNDS) })
          }
          intent={roundsOk ? Intent.NONE : Intent.DANGER}
        >
          <InputGroup
            id="dms-tp-sim-rounds"
            value={rounds}
            inputMode="numeric"
            list="dms-tp-sim-round-choices"
            intent={roundsOk ? Intent.NONE : Intent.DANGER}
            onChange={(e) => setRounds(e.currentTarget.value.replace(/[^\d]/g, ''))}
          />
          <datalist id="dms-tp-sim-round-choices">
            {ROUND_CHOICES.map((n) => (
              <option key={n} value={n} />
            ))}
          </datalist>
        </FormGroup>
        <FormGroup label={t('sim.players')} labelFor="dms-tp-sim-players">
          <HTMLSelect
            id="dms-tp-sim-players"
            value={players}
            onChange={(e) => setPlayers(Number(e.currentTarget.value))}
            options={Array.from({ length: SIM_MAX_PLAYERS - 1 }, (_, i) => ({
              value: i + 2,
              label: String(i + 2),
            }))}
          />
        </FormGroup>
        {TEEN_PATTI_BETS.map((bet) => (
          <FormGroup
            key={bet}
            label={
              <>
                <EnumValue name="betType" value={bet} /> · {t('sim.stake')}
              </>
            }
            labelFor={`dms-tp-sim-${bet}`}
            intent={minor[bet] === undefined ? Intent.DANGER : Intent.NONE}
          >
            <InputGroup
              id={`dms-tp-sim-${bet}`}
              value={stakes[bet]}
              inputMode="decimal"
              intent={minor[bet] === undefined ? Intent.DANGER : Intent.NONE}
              onChange={(e) => setStakes({ ...stakes, [bet]: e.currentTarget.value })}
            />
          </FormGroup>
        ))}
        <div className="dms-tp__actions">
          <Button
            type="submit"
            intent={Intent.PRIMARY}
            icon="play"
            text={t('sim.run')}
            loading={running.isLoading}
            disabled={!roundsOk || !stakesOk || isRunning}
          />
        </div>
      </form>
      {!stakesOk && <p className="dms-tp__form-error">{t('sim.stakesBad')}</p>}
      {running.isError && (
        <Callout intent={Intent.DANGER} role="alert">
          {errorMessageOf(running.error)}
        </Callout>
      )}
      {data && (
        <section className="dms-tp__run" aria-label={t('sim.progress')} data-testid="sim-run">
          <div className="dms-tp__run-head">
            <SimStatusTag status={data.status} />
            <span data-testid="sim-progress-text">
              {t('sim.progressText', { done: formatCount(data.doneRounds), total: formatCount(data.rounds) })}
            </span>
            <span className={Classes.TEXT_MUTED}>
              {t('sim.seedIs')} <code translate="no">{data.seed}</code>
            </span>
            {isRunning && (
              <Button
                icon="stop"
                intent={Intent.DANGER}
                text={t('sim.cancel')}
                loading={cancelling.isLoading}
                onClick={() => void cancel({ id: data.id })}
              />
            )}
          </div>
          <ProgressBar
            value={data.rounds ? data.doneRounds / data.rounds : 0}
            intent={isRunning ? Intent.PRIMARY : data.status === 'done' ? Intent.SUCCESS : Intent.WARNING}
            animate={isRunning}
            stripes={isRunning}
          />
          {!isRunning && data.doneRounds > 0 && (
            <>
              {data.saved ? (
                <Callout intent={Intent.SUCCESS} icon="saved" data-testid="sim-saved">
                  {t('sim.savedAs', { name: data.name })}
                </Callout>
              ) : (
                <form
                  className="dms-tp__save"
                  onSubmit={(e) => {
                    e.preventDefault();
                    if (!name.trim()) return;
                    void save({ id: data.id, name: name.trim() }).then((res) => {
                      if ('data' in res) void showSuccess(t('sim.saved', { name: name.trim() }));
                    });
                  }}
                >
                  <InputGroup
                    aria-label={t('sim.name')}
                    placeholder={t('sim.name')}
                    value={name}
                    maxLength={64}
                    onChange={(e) => setName(e.currentTarget.value)}
                  />
                  <Button
                    type="submit"
                    icon="floppy-disk"
                    intent={Intent.PRIMARY}
                    text={t('sim.save')}
                    disabled={!name.trim()}
                    loading={saving.isLoading}
                  />
                  <Button
                    icon="trash"
                    variant="minimal"
                    text={t('sim.discard')}
                    onClick={() =>
                      void discard({ id: data.id }).then(() => {
                        setSimId(undefined);
                      })
                    }
                  />
                </form>
              )}
              <SimFigures sim={data} />
            </>
          )}
        </section>
      )}
    </div>
  );
}

import { Button, ButtonGroup, FormGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { REPLAY_PERIOD_MAX_MS } from '@dms/shared/contracts/http/liveReplay';
import { useLibDispatch } from '@/lib/store/hooks';
import { monitorApi } from '../api/monitorApi';
import { REPLAY_SPEEDS, type ReplaySpeed } from '../state/monitorModel';
import { selectReplay } from '../state/monitorSlice';
import { ReplayPlayer } from '../state/replayPlayer';

type Preset = 'last1h' | 'last6h' | 'last24h' | 'custom';
const PRESET_MS: Record<Exclude<Preset, 'custom'>, number> = {
  last1h: 3_600_000,
  last6h: 6 * 3_600_000,
  last24h: 24 * 3_600_000,
};

const pad = (n: number) => String(n).padStart(2, '0');
/** A time as the value of a `datetime-local` input (the browser's time zone). */
function toLocalInput(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
function fromLocalInput(text: string): number | null {
  const ms = new Date(text).getTime();
  return Number.isFinite(ms) ? ms : null;
}

/**
 * The console's replay controls: a period (a recent one, or from–to), a speed (×10, ×60, ×600), and
 * replay / pause / resume / back to live. The replay itself is played by a {@link ReplayPlayer} owned here;
 * leaving the page stops it.
 */
export function ReplayBar() {
  const { t } = useTranslation('monitor');
  const dispatch = useLibDispatch();
  const replay = useSelector(selectReplay);
  const [preset, setPreset] = useState<Preset>('last1h');
  const [from, setFrom] = useState(() => toLocalInput(Date.now() - 3_600_000));
  const [to, setTo] = useState(() => toLocalInput(Date.now()));
  const [speed, setSpeed] = useState<ReplaySpeed>(replay.speed);
  const player = useMemo(
    () =>
      new ReplayPlayer({
        dispatch,
        fetchPage: (q) =>
          dispatch(monitorApi.endpoints.monitorReplayPage.initiate(q, { subscribe: false })).unwrap(),
      }),
    [dispatch],
  );
  // Leaving the page (or the store's replay) ends the replay: the monitor returns to live.
  const latest = useRef({ player, status: replay.status });
  latest.current = { player, status: replay.status };
  useEffect(
    () => () => {
      if (latest.current.status !== 'idle') latest.current.player.stop();
    },
    [],
  );

  const period = (): { from: number; to: number } | null => {
    if (preset !== 'custom') {
      const end = Date.now();
      return { from: end - PRESET_MS[preset], to: end };
    }
    const a = fromLocalInput(from);
    const b = fromLocalInput(to);
    return a === null || b === null ? null : { from: a, to: b };
  };
  const chosen = preset === 'custom' ? period() : null;
  const error =
    preset !== 'custom' || !chosen
      ? null
      : chosen.from >= chosen.to
        ? t('replay.order')
        : chosen.to - chosen.from > REPLAY_PERIOD_MAX_MS
          ? t('replay.tooLong')
          : null;

  const running = replay.status !== 'idle';
  const start = () => {
    const p = period();
    if (!p || error) return;
    player.start(p.from, p.to, speed);
  };
  return (
    <div className="dms-monitor__replay-bar" role="group" aria-label={t('replay.title')}>
      <FormGroup label={t('replay.period')} inline className="dms-monitor__field">
        <HTMLSelect
          value={preset}
          aria-label={t('replay.period')}
          disabled={running}
          onChange={(e) => setPreset(e.currentTarget.value as Preset)}
          options={(['last1h', 'last6h', 'last24h', 'custom'] as const).map((p) => ({
            value: p,
            label: t(`replay.${p}`),
          }))}
        />
      </FormGroup>
      {preset === 'custom' && (
        <>
          <FormGroup label={t('replay.from')} inline className="dms-monitor__field">
            <InputGroup
              type="datetime-local"
              value={from}
              disabled={running}
              aria-label={t('replay.from')}
              intent={error ? Intent.DANGER : Intent.NONE}
              onChange={(e) => setFrom(e.currentTarget.value)}
            />
          </FormGroup>
          <FormGroup label={t('replay.to')} inline className="dms-monitor__field">
            <InputGroup
              type="datetime-local"
              value={to}
              disabled={running}
              aria-label={t('replay.to')}
              intent={error ? Intent.DANGER : Intent.NONE}
              onChange={(e) => setTo(e.currentTarget.value)}
            />
          </FormGroup>
        </>
      )}
      <FormGroup label={t('replay.speed')} inline className="dms-monitor__field">
        <HTMLSelect
          value={speed}
          aria-label={t('replay.speed')}
          onChange={(e) => {
            const s = Number(e.currentTarget.value) as ReplaySpeed;
            setSpeed(s);
            if (running) player.setSpeed(s);
          }}
          options={REPLAY_SPEEDS.map((s) => ({ value: s, label: `×${s}` }))}
        />
      </FormGroup>
      <ButtonGroup>
        {!running && (
          <Button icon="history" intent={Intent.PRIMARY} disabled={error !== null} onClick={start}>
            {t('replay.play')}
          </Button>
        )}
        {replay.status === 'playing' || replay.status === 'loading' ? (
          <Button icon="pause" onClick={() => player.pause()}>
            {t('replay.pause')}
          </Button>
        ) : null}
        {replay.status === 'paused' && (
          <Button icon="play" onClick={() => player.resume()}>
            {t('replay.resume')}
          </Button>
        )}
        {running && (
          <Button icon="stop" intent={Intent.WARNING} onClick={() => player.stop()}>
            {t('replay.stop')}
          </Button>
        )}
      </ButtonGroup>
      {error && (
        <span className="dms-monitor__error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

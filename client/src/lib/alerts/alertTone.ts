import { RiskLevel } from '@dms/shared/domain/enums';

/** The tone of each risk level: pitch (Hz), beeps, and the length of each beep (s). Higher levels are more insistent. */
const TONES: Readonly<Record<number, { hz: number; beeps: number; length: number }>> = {
  [RiskLevel.Abnormal]: { hz: 660, beeps: 1, length: 0.18 },
  [RiskLevel.Middle]: { hz: 880, beeps: 2, length: 0.14 },
  [RiskLevel.High]: { hz: 1175, beeps: 3, length: 0.12 },
};
const GAP_S = 0.09;
const VOLUME = 0.18;

type AudioContextLike = Pick<AudioContext, 'currentTime' | 'destination' | 'state' | 'resume'> & {
  createOscillator(): OscillatorNode;
  createGain(): GainNode;
};

let context: AudioContextLike | undefined;

function audio(): AudioContextLike | undefined {
  if (context) return context;
  const Ctor =
    typeof window === 'undefined'
      ? undefined
      : (window.AudioContext ??
        (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
  if (!Ctor) return undefined;
  context = new Ctor();
  return context;
}

/**
 * Plays the alert tone of `level`, generated with WebAudio (no audio file): short sine beeps with soft
 * edges. Browsers keep audio muted until the page had a user gesture; switching a sound on in the settings
 * is one (it plays the tone as a preview), so a console set up once plays its alerts afterwards. Returns
 * whether the tone was scheduled.
 */
export function playAlertTone(level: number): boolean {
  const tone = TONES[level];
  const ctx = tone ? audio() : undefined;
  if (!tone || !ctx) return false;
  if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
  const start = ctx.currentTime + 0.02;
  for (let i = 0; i < tone.beeps; i++) {
    const at = start + i * (tone.length + GAP_S);
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'sine';
    osc.frequency.setValueAtTime(tone.hz, at);
    gain.gain.setValueAtTime(0, at);
    gain.gain.linearRampToValueAtTime(VOLUME, at + 0.015);
    gain.gain.setValueAtTime(VOLUME, at + tone.length - 0.03);
    gain.gain.linearRampToValueAtTime(0, at + tone.length);
    osc.connect(gain);
    gain.connect(ctx.destination);
    osc.start(at);
    osc.stop(at + tone.length + 0.01);
  }
  return true;
}

/** Forgets the audio context (tests). */
export function resetAlertTone(): void {
  context = undefined;
}

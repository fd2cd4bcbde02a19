/**
 * The table's five sounds, made with the Web Audio API (no sound files): a card laid down, a
 * trick gathered, a two-note chime for one's turn, a bright arpeggio for belote and rebelote,
 * and a soft chord at the end of a deal. Each is a few oscillators or a burst of noise
 * through a filter, under a quick envelope; all quiet, short and on one master volume.
 */
export type SoundName = 'card' | 'trick' | 'turn' | 'belote' | 'dealEnd';

export interface Synth {
  resume(): void;
  play(name: SoundName): void;
}

type Ctx = AudioContext;

/** A note: an oscillator through its own gain envelope (attack 8 ms, exponential decay). */
function note(ctx: Ctx, out: AudioNode, freq: number, at: number, length: number, type: OscillatorType = 'sine', peak = 0.35): void {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = type;
  osc.frequency.value = freq;
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(peak, at + 0.008);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(gain).connect(out);
  osc.start(at);
  osc.stop(at + length + 0.02);
}

/** A burst of white noise through a band-pass filter (its centre may sweep). */
function noise(ctx: Ctx, out: AudioNode, buffer: AudioBuffer, at: number, length: number, from: number, to: number, peak: number): void {
  const src = ctx.createBufferSource();
  src.buffer = buffer;
  const filter = ctx.createBiquadFilter();
  filter.type = 'bandpass';
  filter.Q.value = 1.2;
  filter.frequency.setValueAtTime(from, at);
  filter.frequency.exponentialRampToValueAtTime(to, at + length);
  const gain = ctx.createGain();
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(peak, at + 0.006);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  src.connect(filter).connect(gain).connect(out);
  src.start(at);
  src.stop(at + length + 0.02);
}

export function createSynth(): Synth | null {
  const Ctor = globalThis.AudioContext ?? (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return null;
  const ctx = new Ctor();
  const master = ctx.createGain();
  master.gain.value = 0.5;
  master.connect(ctx.destination);
  // Half a second of white noise, shared by the card and trick sounds.
  const buffer = ctx.createBuffer(1, Math.floor(ctx.sampleRate / 2), ctx.sampleRate);
  const data = buffer.getChannelData(0);
  let seed = 1;
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0; // a fixed noise: no Math.random needed
    data[i] = (seed / 0x7fffffff - 1) * 0.9;
  }
  const play: Record<SoundName, (t: number) => void> = {
    card: (t) => {
      noise(ctx, master, buffer, t, 0.07, 2600, 1400, 0.6);
      note(ctx, master, 150, t, 0.06, 'sine', 0.25);
    },
    trick: (t) => noise(ctx, master, buffer, t, 0.22, 700, 2600, 0.35),
    turn: (t) => {
      note(ctx, master, 659.25, t, 0.22, 'triangle');
      note(ctx, master, 987.77, t + 0.12, 0.32, 'triangle');
    },
    belote: (t) => {
      for (const [i, f] of [1046.5, 1318.51, 1567.98].entries()) note(ctx, master, f, t + i * 0.07, 0.28, 'triangle', 0.22);
    },
    dealEnd: (t) => {
      for (const f of [392, 493.88, 587.33]) note(ctx, master, f, t, 0.7, 'sine', 0.16);
    },
  };
  return {
    resume: () => void (ctx.state === 'suspended' && ctx.resume()),
    play: (name) => {
      if (ctx.state !== 'running') return;
      play[name](ctx.currentTime + 0.01);
    },
  };
}

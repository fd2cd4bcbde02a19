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

type Ctx = BaseAudioContext;

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

/** How long each sound lasts (its last node's end), for its recording. */
const LENGTH: Record<SoundName, number> = { card: 0.1, trick: 0.26, turn: 0.46, belote: 0.46, dealEnd: 0.74 };

/** The sounds as node graphs drawn into `out` from time `t`: live, or into a recording. */
function drawings(c: Ctx, buffer: AudioBuffer): Record<SoundName, (out: AudioNode, t: number) => void> {
  return {
    card: (out, t) => {
      noise(c, out, buffer, t, 0.07, 2600, 1400, 0.6);
      note(c, out, 150, t, 0.06, 'sine', 0.25);
    },
    trick: (out, t) => noise(c, out, buffer, t, 0.22, 700, 2600, 0.35),
    turn: (out, t) => {
      note(c, out, 659.25, t, 0.22, 'triangle');
      note(c, out, 987.77, t + 0.12, 0.32, 'triangle');
    },
    belote: (out, t) => {
      for (const [i, f] of [1046.5, 1318.51, 1567.98].entries()) note(c, out, f, t + i * 0.07, 0.28, 'triangle', 0.22);
    },
    dealEnd: (out, t) => {
      for (const f of [392, 493.88, 587.33]) note(c, out, f, t, 0.7, 'sine', 0.16);
    },
  };
}

/** Half a second of white noise, shared by the card and trick sounds (a fixed noise: no Math.random needed). */
function whiteNoise(ctx: Ctx): AudioBuffer {
  const buffer = ctx.createBuffer(1, Math.floor(ctx.sampleRate / 2), ctx.sampleRate);
  const data = buffer.getChannelData(0);
  let seed = 1;
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    data[i] = (seed / 0x7fffffff - 1) * 0.9;
  }
  return buffer;
}

/**
 * Each sound recorded once (an OfflineAudioContext, rendered off the main thread), so that
 * playing one is a single buffer source: a card's sound made five nodes and their envelopes at
 * every card played, on the main thread, and as many objects for the garbage collector. The
 * sounds are fixed (the same noise, the same notes), so the recording is the same sound.
 * Resolves to null where there is no OfflineAudioContext (the live nodes are used instead).
 */
async function recordAll(sampleRate: number): Promise<Record<SoundName, AudioBuffer> | null> {
  const Offline = globalThis.OfflineAudioContext;
  if (!Offline) return null;
  const names = Object.keys(LENGTH) as SoundName[];
  const takes = await Promise.all(
    names.map((name) => {
      const off = new Offline(1, Math.ceil(LENGTH[name] * sampleRate), sampleRate);
      drawings(off, whiteNoise(off))[name](off.destination, 0);
      return off.startRendering();
    }),
  );
  return Object.fromEntries(names.map((n, i) => [n, takes[i]!])) as Record<SoundName, AudioBuffer>;
}

export function createSynth(): Synth | null {
  const Ctor = globalThis.AudioContext ?? (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return null;
  const ctx = new Ctor();
  const master = ctx.createGain();
  master.gain.value = 0.5;
  master.connect(ctx.destination);
  const live = drawings(ctx, whiteNoise(ctx));
  // Until the recordings are there (a few ms after the first tap), the sounds are made live.
  let recorded: Record<SoundName, AudioBuffer> | null = null;
  void recordAll(ctx.sampleRate)
    .then((r) => void (recorded = r))
    .catch(() => {});
  return {
    resume: () => void (ctx.state === 'suspended' && ctx.resume()),
    play: (name) => {
      if (ctx.state !== 'running') return;
      const at = ctx.currentTime + 0.01;
      const take = recorded?.[name];
      if (!take) return live[name](master, at);
      const src = ctx.createBufferSource();
      src.buffer = take;
      src.connect(master);
      src.start(at);
    },
  };
}

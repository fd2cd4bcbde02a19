/**
 * The table's sounds, as cues: `playSound` plays one if sound is on and the synthesiser
 * (sound.ts, its own small chunk) is ready. Browsers let a page make sound only after the
 * player has touched it, so the synthesiser loads and starts at the first tap or key
 * (`armSound`): nothing is fetched or played before.
 */
import { prefs } from './prefs.svelte.js';
import type { SoundName, Synth } from './sound.js';

export type { SoundName };

let synth: Synth | null = null;
let arming: Promise<void> | null = null;

/** Load and start the synthesiser at the player's first gesture on the page. */
export function armSound(target: EventTarget = globalThis): () => void {
  const arm = (): void => {
    arming ??= import('./sound.js')
      .then((m) => {
        synth = m.createSynth();
      })
      .catch(() => {
        arming = null;
      });
    void arming.then(() => synth?.resume());
  };
  target.addEventListener('pointerdown', arm, { capture: true });
  target.addEventListener('keydown', arm, { capture: true });
  return () => {
    target.removeEventListener('pointerdown', arm, { capture: true });
    target.removeEventListener('keydown', arm, { capture: true });
  };
}

/**
 * Plays a sound in a task of its own, just after the step's: its Web Audio nodes (a card's: five,
 * with their envelopes) are not made in the task that applies the step, which is already the
 * longest of a move on a slow phone (perf-log 2026-12-02-practice, session h). Heard ~10 ms later.
 */
export function playSound(name: SoundName): void {
  if (prefs.soundOn && synth) setTimeout(() => prefs.soundOn && synth?.play(name), 0);
}

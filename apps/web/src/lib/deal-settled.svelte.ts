/**
 * Whether the live deal has settled (its cards landed, its retourne turned): the bidding waits for
 * it, so one bids on the cards and the retourne one sees. Call during a component's setup.
 */
import { settling } from './deal-flight.js';

/** The dealt cards' animations still to end (a busy page starts them late: the plan's time is not enough). */
function dealing(): Animation[] {
  return (document.getAnimations?.() ?? []).filter((a) => {
    const target = (a.effect as KeyframeEffect | null)?.target;
    return target instanceof Element && target.closest('[data-hand], .backs, [data-testid=retourne]') !== null && a.playState !== 'finished' && a.effect?.getComputedTiming().endTime !== Infinity;
  });
}

export function dealSettled(): () => boolean {
  let settled = $state(settling() === 0);
  $effect(() => {
    if (settled) return;
    let live = true;
    const id = setTimeout(() => {
      const left = dealing();
      if (left.length === 0) settled = true;
      else void Promise.allSettled(left.map((a) => a.finished)).then(() => void (live && (settled = true)));
    }, settling());
    return () => {
      live = false;
      clearTimeout(id);
    };
  });
  return () => settled;
}

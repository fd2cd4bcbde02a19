/**
 * The live deal's clock as a reactive value (lib/motion.ts moves it): a component that asks
 * whether a dealt card has left the dealer (`drawnBack`, `drawnCard`) reads it, and is drawn
 * again when the next packet leaves.
 */
let version = $state(0);

/** Read by what depends on the deal's packets. */
export const dealClock = (): number => version;

/** A packet left the dealer, or the deal changed. */
export function dealTicked(): void {
  version++;
}

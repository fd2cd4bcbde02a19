/**
 * Whether the player uses the keyboard (their last input was a key): focus is moved by script
 * only for them, since a card focused by script shows its ring and rises over its neighbour.
 * Its own few lines, imported by the entry point, so that the keys pressed before a table's
 * parts load (Tab, Enter on the home page or in the lobby) count, and the hand (first screen)
 * need not bring focus.ts with it.
 */
let keys = false;
globalThis.addEventListener?.('keydown', () => (keys = true), true);
globalThis.addEventListener?.('pointerdown', () => (keys = false), true);
export const keyboardUser = (): boolean => keys;

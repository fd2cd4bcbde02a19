/**
 * Turn notifications: whether the browser has them, and the opt-in (the browser's permission,
 * asked only from a button the player taps). lib/turn-alert.ts shows them.
 */
import { prefs } from './prefs.svelte.js';

/** Whether this browser can show notifications at all. */
export const canNotify = (): boolean => typeof Notification === 'function';

/** Ask for the permission (from a button); true when notifications are allowed. */
export async function askToNotify(): Promise<boolean> {
  if (!canNotify()) return false;
  const granted = (await Notification.requestPermission()) === 'granted';
  prefs.setNotify(granted);
  return granted;
}

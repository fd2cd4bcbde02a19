/**
 * Keyboard focus at the table: where it goes when what held it leaves the page (a played card,
 * the bidding buttons after a bid) and keeping it inside a modal dialog (Tab wraps around).
 */

import { keyboardUser } from './keys.js';

/** The focus is nowhere a user put it: on the page's body, or on an element no longer in it. */
export function focusLost(): boolean {
  const a = document.activeElement;
  return a === null || a === document.body || !a.isConnected;
}

/** A text field has the focus (a chat message being typed): never taken from it. */
export function typing(): boolean {
  return document.activeElement?.matches('input, textarea, [contenteditable="true"]') ?? false;
}

/** The hand's card that takes the Tab key (its roving tab stop) gets the focus. */
export function focusHand(): void {
  document.querySelector<HTMLElement>('[data-hand] button[tabindex="0"]')?.focus({ preventScroll: true });
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** In a modal dialog's keydown: Tab and Shift+Tab wrap around its own controls. */
export function trapTab(e: KeyboardEvent, box: HTMLElement | undefined): void {
  if (e.key !== 'Tab' || !box) return;
  const all = [...box.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[hidden], [inert]'));
  if (all.length === 0) return void e.preventDefault();
  const first = all[0]!;
  const last = all[all.length - 1]!;
  const at = document.activeElement;
  if (e.shiftKey && (at === first || at === box)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (at === last || !box.contains(at))) {
    e.preventDefault();
    first.focus();
  }
}

/**
 * For the bidding buttons (in an effect, once drawn): they take the focus when they come (unless
 * a text field or another control has it), and give it to the hand when they go. Returns the
 * effect's cleanup.
 */
export function bidFocus(node: HTMLElement | undefined): () => void {
  if (node && keyboardUser() && (focusLost() || document.activeElement?.closest('[data-hand]'))) node.querySelector<HTMLElement>('button:not([disabled])')?.focus({ preventScroll: true });
  return () => {
    // after the panel is gone (its buttons with it)
    queueMicrotask(() => {
      if (keyboardUser() && focusLost() && !typing()) focusHand();
    });
  };
}

/**
 * "Your turn" while the page is hidden (a friend switched to a message app between tricks): a
 * badge in the title and the favicon, a vibration where the device has one, and — only if the
 * player opted in (`prefs.notify`, the browser's permission asked from a button, never on load)
 * — a system notification that brings the tab back when tapped. Nothing while the page is
 * visible; everything is cleared when it becomes visible again or the turn passes.
 */
import { canNotify } from './notify.js';
import { prefs, t } from './prefs.svelte.js';

export const TURN_TAG = 'belote-turn';
const PLAIN_TITLE = 'Belote';
const ICON = '/icons/icon-192.png';
/** The favicon (public/favicon.svg) with a red dot in its corner. */
const BADGED_ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect x="10" y="4" width="44" height="56" rx="6" fill="#fff" stroke="#0f4d35" stroke-width="3"/><path fill="#c62828" d="M32 50C22 42 16 36 16 29c0-5 4-9 9-9 3 0 6 2 7 5 1-3 4-5 7-5 5 0 9 4 9 9 0 7-6 13-16 21z"/><circle cx="48" cy="16" r="14" fill="#e53935" stroke="#fff" stroke-width="4"/></svg>',
)}`;

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker?.getRegistration().catch(() => undefined);
}

export class TurnAlert {
  #mine = false;
  #bidding = false;
  #iconHref: string | null = null;
  /** A notification shown without a service worker (dev), to close it. */
  #shown: Notification | null = null;
  /** Whether the cues were on at the last render (null: never rendered, so a leftover notification is closed once). */
  #on: boolean | null = null;
  readonly #onVisibility = (): void => this.#render(false);

  constructor(private readonly doc: Document = document) {
    doc.addEventListener('visibilitychange', this.#onVisibility);
  }

  /** Whether it is the viewer's turn now, and whether to bid (the notification says which). */
  set(mine: boolean, bidding: boolean): void {
    const became = mine && !this.#mine;
    this.#mine = mine;
    this.#bidding = bidding;
    this.#render(became);
  }

  dispose(): void {
    this.doc.removeEventListener('visibilitychange', this.#onVisibility);
    this.#mine = false;
    this.#render(false);
  }

  /** Called on every step of the table: only a change touches the page (closing asks the browser for its permission and notifications). */
  #render(became: boolean): void {
    const on = this.#mine && this.doc.visibilityState === 'hidden';
    // (the page's title with the badge: "● Your turn — Belote")
    const title = on ? t('yourTurnTitle') : PLAIN_TITLE;
    if (this.doc.title !== title) this.doc.title = title;
    this.#badge(on);
    const was = this.#on;
    this.#on = on;
    if (!on) {
      if (was !== false) void this.#closeNotification();
      return;
    }
    if (!became) return;
    navigator.vibrate?.([180, 90, 180]);
    void this.#notify();
  }

  #badge(on: boolean): void {
    const link = this.doc.querySelector<HTMLLinkElement>('link[rel~=icon]');
    if (!link) return;
    if (on && this.#iconHref === null) {
      this.#iconHref = link.getAttribute('href');
      link.setAttribute('href', BADGED_ICON);
    } else if (!on && this.#iconHref !== null) {
      link.setAttribute('href', this.#iconHref);
      this.#iconHref = null;
    }
  }

  async #notify(): Promise<void> {
    if (!prefs.notify || !canNotify() || Notification.permission !== 'granted') return;
    const options: NotificationOptions & { renotify?: boolean } = { body: t(this.#bidding ? 'turnBodyBid' : 'turnBodyPlay'), tag: TURN_TAG, icon: ICON, renotify: true, data: { url: location.href } };
    const reg = await registration();
    if (reg) {
      await reg.showNotification(t('yourTurnTitle'), options).catch(() => {});
      return;
    }
    const n = new Notification(t('yourTurnTitle'), options);
    n.onclick = () => {
      globalThis.focus();
      n.close();
    };
    this.#shown = n;
  }

  async #closeNotification(): Promise<void> {
    this.#shown?.close();
    this.#shown = null;
    if (!canNotify() || Notification.permission !== 'granted') return;
    const reg = await registration();
    for (const n of (await reg?.getNotifications({ tag: TURN_TAG }).catch(() => [])) ?? []) n.close();
  }
}

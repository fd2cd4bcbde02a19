/**
 * The installable app, from the page's side: the service worker (public/../src/sw.ts, built
 * to /sw.js) registered once the page has loaded, a "new version" notice when an update took
 * over while the page was open (the new version is used from the next load), the browser's
 * install prompt kept for an "Install" button, and whether the device is online.
 */

/** Chromium's `beforeinstallprompt` event. */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

class Pwa {
  /** A new version was installed while this page was open: reload to use it. */
  updated = $state(false);
  /** The browser offers to install the app (Chromium), until it is used or installed. */
  installable = $state(false);
  online = $state(globalThis.navigator?.onLine ?? true);
  #prompt: InstallPromptEvent | null = null;

  /** Show the browser's install dialog; false when it was dismissed or not offered. */
  async install(): Promise<boolean> {
    const p = this.#prompt;
    if (!p) return false;
    this.#prompt = null;
    this.installable = false;
    await p.prompt();
    return (await p.userChoice).outcome === 'accepted';
  }

  /** Listen for what the page needs to know; register the service worker after the load. */
  start(register: boolean): void {
    addEventListener('beforeinstallprompt', (e) => {
      e.preventDefault(); // no mini-infobar: the home page offers its own button
      this.#prompt = e as InstallPromptEvent;
      this.installable = true;
    });
    addEventListener('appinstalled', () => {
      this.#prompt = null;
      this.installable = false;
    });
    addEventListener('online', () => (this.online = true));
    addEventListener('offline', () => (this.online = false));
    const sw = navigator.serviceWorker;
    if (!register || !sw) return;
    // A page already controlled that sees its controller change got a new version.
    const hadController = sw.controller !== null;
    sw.addEventListener('controllerchange', () => {
      if (hadController) this.updated = true;
    });
    const go = (): void => void sw.register('/sw.js').catch(() => {});
    if (document.readyState === 'complete') go();
    else addEventListener('load', go, { once: true });
  }
}

export const pwa = new Pwa();

// Entry point: global styles, the language's texts and the first page's chunk (fetched in
// parallel), then the app; the service worker once the page has loaded (built app only).
import { mount } from 'svelte';
import App from './App.svelte';
import { loadLang } from './lib/i18n.js';
import './lib/keys.js'; // from the first key pressed (lib/keys.ts)
import { loadPage, pageOf } from './lib/pages.js';
import { prefs } from './lib/prefs.svelte.js';
import { pwa } from './lib/pwa.svelte.js';
import { router } from './lib/router.svelte.js';
import './app.css';

document.documentElement.lang = prefs.lang;
pwa.start(import.meta.env.PROD);
// A page whose chunk fails to load is reported by App; the texts must be there first.
await Promise.all([loadLang(prefs.lang), loadPage(pageOf(router.route)).catch(() => null)]);
mount(App, { target: document.getElementById('app')! });

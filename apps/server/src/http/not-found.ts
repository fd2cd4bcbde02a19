/**
 * The answer to a path nothing serves. API clients get the JSON error every other refusal has;
 * a browser's navigation (its Accept prefers text/html: a mistyped or stale link) gets a short
 * page in its language with a way home, rather than raw JSON.
 */
import type { RequestHandler } from 'express';
import { sendError } from './errors.js';

const TEXTS = {
  en: { title: 'Page not found', home: 'Back to Belote' },
  fr: { title: 'Page introuvable', home: 'Retour à Belote' },
  de: { title: 'Seite nicht gefunden', home: 'Zurück zu Belote' },
} as const;

/** The app's felt and accent button (apps/web/src/app.css), inline: the page loads nothing else. */
const STYLE =
  'body{margin:0;min-height:100vh;display:grid;place-items:center;background:radial-gradient(circle at 50% 30%,#1d6b4a,#0b2a1e);color:#f4f1e8;font:16px/1.5 system-ui,sans-serif;text-align:center}' +
  'main{padding:24px}h1{font-size:22px;margin:0 0 20px}a{display:inline-block;padding:12px 22px;border-radius:12px;background:#ffd54f;color:#2b2100;font-weight:700;text-decoration:none}';

export function notFoundPage(lang: keyof typeof TEXTS): string {
  const t = TEXTS[lang];
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="dark"><title>${t.title} · Belote</title><style>${STYLE}</style></head><body><main><h1>${t.title}</h1><p><a href="/">${t.home}</a></p></main></body></html>`;
}

type Lang = keyof typeof TEXTS;

/**
 * The first of English, French or German the header names, by preference (`q`, then order), a
 * regional tag counting as its language. Not `req.acceptsLanguages`: it ranks an exact tag above a
 * regional one whatever their order, so `en-GB,de` would answer in German.
 */
export function pageLanguage(header: string | undefined): Lang {
  const ranked = (header ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((x) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(x)?.[1]).find((x) => x !== undefined);
      return { lang: tag.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), i };
    })
    .filter((x) => x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  const found = ranked.find((x) => Object.hasOwn(TEXTS, x.lang));
  return found ? (found.lang as Lang) : 'en';
}

export const notFound: RequestHandler = (req, res) => {
  if ((req.method === 'GET' || req.method === 'HEAD') && req.accepts(['json', 'html']) === 'html') {
    const lang = pageLanguage(req.get('accept-language'));
    res.status(404).type('html').setHeader('Vary', 'Accept, Accept-Language');
    res.send(notFoundPage(lang));
    return;
  }
  sendError(res, 404, 'NOT_FOUND', 'not found');
};

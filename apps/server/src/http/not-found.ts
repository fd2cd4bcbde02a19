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

export function notFoundPage(lang: keyof typeof TEXTS): string {
  const t = TEXTS[lang];
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="dark light"><title>${t.title} · Belote</title></head><body><main><h1>${t.title}</h1><p><a href="/">${t.home}</a></p></main></body></html>`;
}

export const notFound: RequestHandler = (req, res) => {
  if ((req.method === 'GET' || req.method === 'HEAD') && req.accepts(['json', 'html']) === 'html') {
    const lang = (req.acceptsLanguages('en', 'fr', 'de') || 'en') as keyof typeof TEXTS;
    res.status(404).type('html').setHeader('Vary', 'Accept, Accept-Language');
    res.send(notFoundPage(lang));
    return;
  }
  sendError(res, 404, 'NOT_FOUND', 'not found');
};

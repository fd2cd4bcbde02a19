/**
 * Serves the built web app (WEB_DIST): static files, and index.html for the client's own
 * routes (`/`, `/t/:id`, `/t/:id/replay`, `/replay`, `/practice`, `/practice/replay`) so a shared
 * link, or a reload, opens the app. A table path whose id is not a table id's shape (a link cut
 * short or mistyped) falls through to the 404 page, as the service worker sends it to the network:
 * the app would otherwise open its home page without a word. A clear 404 when it is not built.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { TableIdSchema } from '@belote/protocol';
import express, { Router, type ErrorRequestHandler } from 'express';

export function webAppRouter(webDist: string): Router {
  const r = Router();
  const root = path.resolve(webDist);
  const index = path.join(root, 'index.html');
  r.use(express.static(root, { index: false, maxAge: '1h', setHeaders: (res, file) => {
    if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  } }));
  const sendIndex: express.RequestHandler = (_req, res) => {
    if (!existsSync(index)) {
      res.status(404).type('text/plain').send('The web app is not built: run `pnpm build`.');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  };
  const sendTableIndex: express.RequestHandler = (req, res, next) => {
    if (TableIdSchema.safeParse(req.params['id']).success) sendIndex(req, res, next);
    else next();
  };
  r.get('/', sendIndex);
  r.get('/t/:id', sendTableIndex);
  r.get('/t/:id/replay', sendTableIndex);
  r.get('/replay', sendIndex);
  r.get('/practice', sendIndex);
  r.get('/practice/replay', sendIndex);
  // a /t/:id whose id the router cannot decode ('%', '%E0') is not a table id either: the 404 page
  const undecodable: ErrorRequestHandler = (err, _req, _res, next) => next(err instanceof URIError ? undefined : err);
  r.use(undecodable);
  return r;
}

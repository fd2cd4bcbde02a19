/**
 * Serves the built web app (WEB_DIST): static files, and index.html for the client's own
 * routes (`/`, `/t/:id`, `/t/:id/replay`, `/replay`, `/practice`, `/practice/replay`) so a shared
 * link, or a reload, opens the app. A clear
 * 404 when it is not built.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';

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
  r.get('/', sendIndex);
  r.get('/t/:id', sendIndex);
  r.get('/t/:id/replay', sendIndex);
  r.get('/replay', sendIndex);
  r.get('/practice', sendIndex);
  r.get('/practice/replay', sendIndex);
  return r;
}

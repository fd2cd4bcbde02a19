/**
 * The express app: security headers, CORS restricted to the public origin, the JSON API,
 * health, and the web app. Built once the public URL is known.
 */
import cors from 'cors';
import express, { type Express, type Request } from 'express';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { OriginCheck } from '../origin-policy.js';
import proxyaddr from 'proxy-addr';
import { proxyTrust, type ProxyTrust } from '../socket/limits.js';
import type { TableDirectory } from '../tables/directory.js';
import { errorHandler, sendError } from './errors.js';
import { securityHeaders } from './security.js';
import { tablesRouter } from './tables-routes.js';
import { notFound } from './not-found.js';
import { webAppRouter } from './web-app.js';

/** The request body encodings accepted (PROTOCOL.md §2); anything else is 415. */
const ENCODINGS = new Set(['identity', 'gzip', 'deflate', 'br']);

/** The request carries a body (the rule body parsers use: a length other than 0, or chunked). */
const hasBody = (req: Request): boolean => req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] ?? '0') !== '0';

export function createApp(tables: TableDirectory, config: Config, publicUrl: string, originOk: OriginCheck, log: Logger): Express {
  const app = express();
  app.disable('x-powered-by');
  // Behind a trusted reverse proxy (TRUST_PROXY; by default on the same host), take the client address from X-Forwarded-For.
  app.set('trust proxy', config.trustProxy);
  const trust = proxyTrust(config.trustProxy);
  // the WebSocket origin the CSP allows: the page's own (PUBLIC_URL's, or the one this request came to)
  app.use(securityHeaders(publicUrl, config.publicUrl === null ? (req) => originOf(req as Request, trust) : () => publicUrl));
  app.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const health = tables.health();
    // 503 when the database cannot be reached (cluster), SQLite refuses writes (a full disk) or its file was deleted: a load balancer stops sending players here
    res.status(health.ok ? 200 : 503).json(health);
  });
  app.use(
    '/api',
    (req, res, next) => {
      // Browsers send Origin on cross-origin and on POST requests: refuse foreign pages.
      if (originOk(req.headers.origin, req.headers.host)) return cors({ origin: true })(req, res, next);
      if (req.method === 'GET') return next();
      sendError(res, 403, 'ORIGIN_NOT_ALLOWED', 'origin not allowed');
    },
    (req, res, next) => {
      // A body must be JSON: a form or text body would otherwise be ignored and the defaults used.
      if (hasBody(req) && !req.is('application/json')) return sendError(res, 415, 'UNSUPPORTED_MEDIA_TYPE', 'the body must be JSON (Content-Type: application/json)');
      next();
    },
    (req, res, next) => {
      // exactly the documented encodings, whatever the body parser's version would also inflate (zstd)
      const encoding = req.headers['content-encoding'];
      if (encoding !== undefined && hasBody(req) && !ENCODINGS.has(encoding.trim().toLowerCase())) return sendError(res, 415, 'UNSUPPORTED_MEDIA_TYPE', 'unsupported content encoding or charset');
      next();
    },
    // strict: false lets any JSON value through (null, 5, "x"): the schema names what is wrong
    // with it (step 5), rather than calling valid JSON invalid
    express.json({ limit: '8kb', strict: false }),
    tablesRouter(tables, (req) => (config.publicUrl === null ? (originOf(req, trust) ?? publicUrl) : publicUrl), config.createLimitPerMinute, log),
  );
  app.use(webAppRouter(config.webDist));
  app.use(notFound);
  app.use(errorHandler(log));
  return app;
}

/**
 * The origin the client used (scheme from X-Forwarded-Proto when a trusted proxy sent it, host
 * from the Host header), or null when either is unusable. Without PUBLIC_URL this makes a
 * share link that works for whoever asked: a LAN address, a port published under another number.
 */
function originOf(req: Request, trust: ProxyTrust): string | null {
  const host = req.get('host');
  if (!host || !HOST.test(host)) return null;
  const scheme = schemeOf(req, trust);
  // A trusted proxy's X-Forwarded-Proto of another scheme would give the origin "null" or ftp://….
  if (!/^https?$/i.test(scheme)) return null;
  return URL.parse(`${scheme}://${host}`)?.origin ?? null;
}

/**
 * The connection's scheme, or from trusted proxies the X-Forwarded-Proto value the outermost of
 * them set: with N trusted proxies on the way (counted as X-Forwarded-For is), the N-th value from
 * the end — the last with one proxy. A value before it comes from the client itself when a proxy
 * appends to the header (express's req.protocol would take the first); a proxy that sets the
 * header leaves one value, taken whatever N.
 */
function schemeOf(req: Request, trust: ProxyTrust): string {
  const forwarded = req.get('x-forwarded-proto');
  const chain = proxyaddr.all(req);
  let hops = 0;
  while (hops < chain.length && trust(chain[hops]!, hops)) hops++;
  if (!forwarded || hops === 0) return req.protocol;
  const values = forwarded.split(',');
  return values[Math.max(0, values.length - hops)]!.trim();
}

/** A host name or IP address with an optional port, nothing else. */
const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Security headers (helmet) with a CSP that allows only the app's own origin: its scripts,
 * styles, images and its WebSocket — the page's origin as ws(s):, PUBLIC_URL's or, without it,
 * the one each request came to (a LAN address, a remapped port). HSTS and
 * upgrade-insecure-requests only over https, so a plain-http LAN install keeps working.
 */
import type { IncomingMessage } from 'node:http';
import helmet from 'helmet';

/** `pageOrigin(req)`: the origin the page of this request was loaded from, or null when the request does not say. */
export function securityHeaders(publicUrl: string, pageOrigin: (req: IncomingMessage) => string | null) {
  const secure = publicUrl.startsWith('https:');
  // One source list per request: helmet joins every entry, so a missing page origin must drop its
  // entry, not stand in as a second 'self'.
  const connectSrc = (req: IncomingMessage) => {
    const page = pageOrigin(req);
    return page === null ? "'self'" : `'self' ${page.replace(/^http/, 'ws')}`;
  };
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: [connectSrc],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: secure,
    crossOriginEmbedderPolicy: false,
  });
}

/**
 * Security headers (helmet) with a CSP that allows only the app's own origin: its scripts,
 * styles, images and its WebSocket. HSTS and upgrade-insecure-requests only over https, so
 * a plain-http LAN install keeps working.
 */
import helmet from 'helmet';

export function securityHeaders(publicUrl: string) {
  const secure = publicUrl.startsWith('https:');
  const wsOrigin = new URL(publicUrl.replace(/^http/, 'ws')).origin;
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", wsOrigin],
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

/**
 * Which browser origins may use the API and open sockets: the public URL's origin and the
 * configured extra ones. Requests without Origin (curl, Node clients) are not browser
 * cross-site requests and pass. When PUBLIC_URL is not configured, a page served by this very
 * host (Origin host = Host header) is also accepted, so a LAN install works with no settings.
 */
export type OriginCheck = (origin: string | undefined, host: string | undefined) => boolean;

export function originPolicy(origins: readonly string[], sameHostOk: boolean): OriginCheck {
  return (origin, host) => {
    if (origin === undefined) return true;
    if (origins.includes(origin)) return true;
    if (!sameHostOk || !host) return false;
    try {
      return new URL(origin).host === host;
    } catch {
      return false;
    }
  };
}

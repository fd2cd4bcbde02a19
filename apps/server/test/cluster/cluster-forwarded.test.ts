/**
 * What the shipped proxies (deploy/haproxy, deploy/nginx) tell the replicas about a client: only
 * the address the proxy sees, never an X-Forwarded-For the client sent. The replicas of
 * docker-compose.cluster.yml believe every private address (TRUST_PROXY=loopback,uniquelocal: the
 * proxy's, on the Compose network), a LAN player's own too, so a header passed on would let one
 * player pose as any number of addresses (PROTOCOL §11's per-address limits). Here the client is on
 * loopback, which the replicas believe by default, and the replicas answer what they were told.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { PROXIES, startProxy } from './harness.js';

const cleanup: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

/** A stand-in replica: answers every request (the health check's too) with the X-Forwarded-For it received. */
async function echo(): Promise<number> {
  const server: Server = createServer((req, res) => res.end(String(req.headers['x-forwarded-for'])));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });
  return (server.address() as AddressInfo).port;
}

describe.each(PROXIES)('%s in front of the replicas', (kind, missing) => {
  it.skipIf(missing)("passes on the client's own address, not the X-Forwarded-For it sent", async () => {
    const ports = [await echo(), await echo(), await echo()];
    const proxy = await startProxy(ports, kind);
    cleanup.push(() => proxy.stop());
    for (const path of ['/api/tables', '/api/tables/AAAAAAAAAAAAAAAAAAAAAA', '/socket.io/?EIO=4&transport=polling&table=AAAAAAAAAAAAAAAAAAAAAA']) {
      expect(await (await fetch(`${proxy.url}${path}`)).text(), path).toBe('127.0.0.1');
      expect(await (await fetch(`${proxy.url}${path}`, { headers: { 'x-forwarded-for': '203.0.113.7' } })).text(), path).toBe('127.0.0.1');
    }
  });
});

/**
 * HTTP as PROTOCOL.md §2 describes it. `request` uses node:http so every header (Content-Type,
 * Origin, Host, Content-Encoding, chunked bodies) is exactly what the test says; `raw` writes
 * bytes on a TCP socket for requests no HTTP client would send.
 */
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { CreateTableResponseS, HttpErrorS, TableSummaryS, type ErrorCode } from './wire.js';
import type { z } from 'zod';

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  /** A string or bytes sent as is (Content-Length set unless `chunked`). */
  body?: string | Buffer;
  chunked?: boolean;
}

export function request(base: string, path: string, opts: RequestOptions = {}): Promise<HttpResponse> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.body !== undefined && !opts.chunked) headers['content-length'] = String(Buffer.byteLength(opts.body));
    if (opts.chunked) headers['transfer-encoding'] = 'chunked';
    const req = httpRequest(url, { method: opts.method ?? 'GET', headers, setHost: !('host' in headers) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
      });
    });
    req.on('error', reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

export const postJson = (base: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  request(base, path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** Bytes on a TCP socket; resolves with everything the server wrote before closing (or after `waitMs`). */
export function raw(base: string, bytes: string, waitMs = 1500): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const s = connect(Number(port), hostname, () => s.write(bytes));
    const done = () => {
      clearTimeout(timer);
      s.destroy();
      resolve(Buffer.concat(chunks).toString('utf8'));
    };
    const timer = setTimeout(done, waitMs);
    s.on('data', (c: Buffer) => chunks.push(c));
    s.on('end', done);
    s.on('close', done);
    s.on('error', (e) => (chunks.length ? done() : reject(e)));
  });
}

/** The documented error body `{ error: { code, message } }` with this status and code. */
export function httpError(r: HttpResponse, status: number, code: ErrorCode): string {
  const body = HttpErrorS.safeParse(r.json);
  if (r.status !== status || !body.success || body.data.error.code !== code)
    throw new Error(`expected ${status} ${code}, got ${r.status} ${r.text.slice(0, 300)}`);
  return body.data.error.message;
}

export function parsed<T extends z.ZodType>(schema: T, value: unknown, what: string): z.infer<T> {
  const p = schema.safeParse(value);
  if (!p.success) throw new Error(`${what} does not match PROTOCOL.md: ${p.error.message}\n${JSON.stringify(value).slice(0, 600)}`);
  return p.data;
}

export async function createTable(base: string, body: unknown = {}, headers: Record<string, string> = {}) {
  const r = await postJson(base, '/api/tables', body, headers);
  if (r.status !== 201) throw new Error(`POST /api/tables: ${r.status} ${r.text}`);
  return parsed(CreateTableResponseS, r.json, 'CreateTableResponse');
}

export async function summary(base: string, id: string) {
  const r = await request(base, `/api/tables/${id}`);
  if (r.status !== 200) throw new Error(`GET /api/tables/${id}: ${r.status} ${r.text}`);
  return parsed(TableSummaryS, r.json, 'TableSummary');
}

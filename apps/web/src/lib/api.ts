/**
 * HTTP calls of the home page: creating a table.
 */
import type { CreateTableRequest, CreateTableResponse, ProtocolError } from '@belote/protocol';

export type ApiResult<T> = { ok: true; value: T } | { ok: false; error: ProtocolError };

export async function createTable(req: CreateTableRequest): Promise<ApiResult<CreateTableResponse>> {
  try {
    const res = await fetch('/api/tables', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(req),
    });
    const body: unknown = await res.json();
    if (res.ok) return { ok: true, value: body as CreateTableResponse };
    const error = (body as { error?: ProtocolError }).error;
    return { ok: false, error: error ?? { code: 'INTERNAL', message: `HTTP ${res.status}` } };
  } catch (e) {
    return { ok: false, error: { code: 'INTERNAL', message: e instanceof Error ? e.message : String(e) } };
  }
}

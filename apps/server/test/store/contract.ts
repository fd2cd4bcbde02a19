/**
 * The TableStore contract, one suite run against every store (contract.test.ts): append and
 * restore, group commit, fencing (taken positions, gaps, two writers racing), unknown tables,
 * finished tables, expiry, a failure while writing (nothing half-written, the store usable
 * afterwards) and close. A harness gives the suite fresh storage, restarts and faults.
 */
import { DEFAULT_RULES, type Seat } from '@belote/rules';
import { afterEach, describe, expect, it } from 'vitest';
import { NoSuchStoredTable, VersionConflict, type LogEntry, type TableSettings, type TableStore } from '../../src/store/types.js';

export interface StoreHarness {
  /** A store over new, empty storage. */
  fresh(): Promise<TableStore>;
  /** A new store over the storage of the last `fresh()`, once that store is closed: a restart. */
  reopen(): Promise<TableStore>;
  /**
   * A second store over the same storage while the first is open (another process), or null
   * when the kind refuses one (SQLite's DATA_DIR lock, tested on its own).
   */
  second(): Promise<TableStore | null>;
  /** Make the write of log position `seq` of `tableId` fail inside the storage; returns the undo. */
  failWriteAt(tableId: string, seq: number): Promise<() => Promise<void>>;
  /** Release the storage (after the stores are closed). */
  dispose(): Promise<void>;
}

export const settings = (id: string, createdAt = 1): TableSettings => ({
  id,
  rules: { ...DEFAULT_RULES },
  options: { turnTimerSeconds: null, fillWithBots: false, botLevel: 'normal' },
  createdAt,
  hostKeyHash: 'h'.repeat(64),
});

export const seat = (s: Seat, name: string): LogEntry => ({ type: 'seat', seat: s, name, tokenHash: 't'.repeat(64), bot: null });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const names = (entries: readonly LogEntry[]) => entries.map((e) => (e.type === 'seat' ? e.name : e.type));

export function storeContract(name: string, makeHarness: () => StoreHarness): void {
  describe(`TableStore contract: ${name}`, () => {
    let h: StoreHarness;
    const open: TableStore[] = [];
    const use = async (p: Promise<TableStore>) => {
      const s = await p;
      open.push(s);
      return s;
    };
    const fresh = () => {
      h = makeHarness();
      return use(h.fresh());
    };
    afterEach(async () => {
      for (const s of open.splice(0)) await s.close().catch(() => undefined);
      await h?.dispose();
    });

    it('keeps settings and the ordered log across a restart; load reads one table', async () => {
      const a = await fresh();
      await a.createTable(settings('table-a', 1));
      await a.createTable(settings('table-b', 2));
      await a.append('table-a', 0, [seat(0, 'Anna'), seat(1, 'Bruno')]);
      await a.append('table-b', 0, [seat(2, 'Chloé')]);
      await a.append('table-a', 2, [{ type: 'gameStart' }]);
      await a.close();

      const b = await use(h.reopen());
      const { tables, unreadable } = await b.loadAll();
      expect(unreadable).toEqual([]);
      expect(tables.map((t) => t.settings.id)).toEqual(['table-a', 'table-b']);
      expect(tables[0]).toEqual({ settings: settings('table-a', 1), entries: [seat(0, 'Anna'), seat(1, 'Bruno'), { type: 'gameStart' }], finishedAt: null });
      expect(tables[1]!.entries).toEqual([seat(2, 'Chloé')]);
      expect(await b.load('table-b')).toEqual(tables[1]);
      expect(await b.load('nope')).toBeNull();
      // The log goes on where it was.
      await b.append('table-b', 1, [seat(3, 'Dmitri')]);
      expect(names((await b.load('table-b'))!.entries)).toEqual(['Chloé', 'Dmitri']);
    });

    it('commits appends made together (group commit), in call order, and resolves each', async () => {
      const s = await fresh();
      for (const id of ['t', 'u']) await s.createTable(settings(id));
      await Promise.all([s.append('t', 0, [seat(0, 'A')]), s.append('u', 0, [seat(0, 'X')]), s.append('t', 1, [seat(1, 'B')]), s.append('t', 2, [seat(2, 'C')])]);
      expect(names((await s.load('t'))!.entries)).toEqual(['A', 'B', 'C']);
      expect(names((await s.load('u'))!.entries)).toEqual(['X']);
    });

    it('fences: a write for a taken position or past the end fails with VersionConflict and writes nothing', async () => {
      const s = await fresh();
      await s.createTable(settings('t'));
      await s.append('t', 0, [seat(0, 'A'), seat(1, 'B')]);
      const taken = s.append('t', 1, [seat(2, 'Late')]);
      await expect(taken).rejects.toBeInstanceOf(VersionConflict);
      await expect(taken).rejects.toMatchObject({ tableId: 't', expected: 1, actual: 2 });
      await expect(s.append('t', 0, [seat(2, 'Stale')])).rejects.toMatchObject({ expected: 0, actual: 2 });
      await expect(s.append('t', 3, [seat(2, 'Gap')])).rejects.toBeInstanceOf(VersionConflict);
      expect(names((await s.load('t'))!.entries)).toEqual(['A', 'B']);
      await s.append('t', 2, [seat(2, 'C')]);
      expect(names((await s.load('t'))!.entries)).toEqual(['A', 'B', 'C']);
    });

    it('rejects an append to an unknown table with NoSuchStoredTable; the rest of its batch commits', async () => {
      const s = await fresh();
      await s.createTable(settings('t'));
      const [ok, missing] = await Promise.allSettled([s.append('t', 0, [seat(0, 'A')]), s.append('nope', 0, [seat(1, 'B')])]);
      expect(ok!.status).toBe('fulfilled');
      expect(missing).toMatchObject({ status: 'rejected', reason: expect.any(NoSuchStoredTable) });
      expect((await s.loadAll()).tables.map((t) => t.entries.length)).toEqual([1]);
    });

    it('two writers at the same version: exactly one wins each time, and the log holds the winner', async () => {
      const a = await fresh();
      const b = await h.second();
      if (!b) return; // this kind allows one writer only (SQLite's DATA_DIR lock)
      open.push(b);
      await a.createTable(settings('t'));
      const acked: string[] = [];
      for (let v = 0; v < 20; v++) {
        // Each writer extends the version it believes current; they race for the same position.
        const [ra, rb] = await Promise.allSettled([a.append('t', v, [seat(0, `a${v}`)]), b.append('t', v, [seat(0, `b${v}`)])]);
        const won = [ra!, rb!].filter((r) => r.status === 'fulfilled');
        const lost = [ra!, rb!].filter((r): r is PromiseRejectedResult => r.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost[0]!.reason).toBeInstanceOf(VersionConflict);
        acked.push(ra!.status === 'fulfilled' ? `a${v}` : `b${v}`);
      }
      expect(names((await b.load('t'))!.entries)).toEqual(acked);
      expect(names((await a.load('t'))!.entries)).toEqual(acked);
    });

    it('marks tables finished and unfinished, and keeps the mark across a restart', async () => {
      const s = await fresh();
      for (const [i, id] of ['done', 'again', 'open'].entries()) await s.createTable(settings(id, i + 1));
      await s.markFinished('done', 1234);
      await s.markFinished('again', 99);
      await s.markFinished('again', null); // a rematch
      await s.close();
      const r = await use(h.reopen());
      expect((await r.loadAll()).tables.map((t) => [t.settings.id, t.finishedAt])).toEqual([
        ['done', 1234],
        ['again', null],
        ['open', null],
      ]);
    });

    it('expires finished tables past retention and idle unfinished ones, never those kept, with their logs', async () => {
      const s = await fresh();
      for (const [i, id] of ['finished-old', 'finished-new', 'idle', 'busy', 'kept'].entries()) await s.createTable(settings(id, i + 1));
      const now = Date.now();
      await s.markFinished('finished-old', now - 10_000);
      await s.markFinished('finished-new', now - 10);
      await s.append('finished-old', 0, [seat(0, 'A')]);
      // Finished before now-1000, or unfinished and unchanged since a cut-off before every update: nothing idle yet.
      expect(await s.expire(now - 1_000, now - 60_000, new Set(['kept']))).toEqual(['finished-old']);
      expect(await s.load('finished-old')).toBeNull();
      await sleep(5);
      const cut = Date.now();
      await sleep(5);
      await s.append('busy', 0, [seat(0, 'B')]);
      // 'idle' and 'kept' were last changed before the cut-off, 'busy' after it; 'kept' is in use.
      expect(await s.expire(now - 1_000, cut, new Set(['kept']))).toEqual(['idle']);
      // A rematch (finished → null) makes a table unfinished again: then only idleness counts.
      await s.markFinished('finished-new', null);
      expect(await s.expire(now - 1_000, Date.now() + 1)).toEqual(['finished-new', 'busy', 'kept']);
      expect((await s.loadAll()).tables).toEqual([]);
    });

    it('a failure while writing rejects the append, leaves nothing half-written, and the store goes on', async () => {
      const s = await fresh();
      await s.createTable(settings('t'));
      await s.append('t', 0, [seat(0, 'A')]);
      // The second entry of the next append fails inside the storage, after the first was written.
      const undo = await h.failWriteAt('t', 2);
      const failed = s.append('t', 1, [seat(1, 'B'), seat(2, 'C')]);
      await expect(failed).rejects.toThrow();
      await expect(failed).rejects.not.toBeInstanceOf(VersionConflict);
      expect(names((await s.load('t'))!.entries)).toEqual(['A']);
      await undo();
      await s.append('t', 1, [seat(1, 'B'), seat(2, 'C')]);
      expect(names((await s.load('t'))!.entries)).toEqual(['A', 'B', 'C']);
    });

    it('close commits what is pending; later calls fail', async () => {
      const s = await fresh();
      await s.createTable(settings('t'));
      const pending = s.append('t', 0, [seat(0, 'A')]);
      await s.close();
      await expect(pending).resolves.toBeUndefined();
      await expect(s.load('t')).rejects.toThrow();
      const r = await use(h.reopen());
      expect(names((await r.load('t'))!.entries)).toEqual(['A']);
    });
  });
}

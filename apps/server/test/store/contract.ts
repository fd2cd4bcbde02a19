/**
 * The TableStore contract, one suite run against every store (contract.test.ts): append and
 * restore, group commit, fencing (taken positions, gaps, two writers racing), unknown tables,
 * finished tables, expiry, a failure while writing (nothing half-written, the store usable
 * afterwards) and close. A harness gives the suite fresh storage, restarts and faults.
 */
import { CHAT_KEPT, DEFAULT_CHAT_SETTINGS, type ChatEntry } from '@belote/protocol';
import { DEFAULT_RULES, type Seat } from '@belote/rules';
import { afterEach, describe, expect, it } from 'vitest';
import { ChatConflict, NoSuchStoredTable, VersionConflict, type LogEntry, type TableSettings, type TableStore } from '../../src/store/types.js';

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
  /** Make the write of the chat settings of `tableId` fail inside the storage (after its entry was written); returns the undo. */
  failChatSettingsWrite(tableId: string): Promise<() => Promise<void>>;
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

export const chatLine = (id: number, text = `line ${id}`): ChatEntry => ({ id, at: 1000 + id, type: 'line', from: { role: 'player', seat: 1, name: 'Bob' }, text });
const texts = (entries: readonly ChatEntry[]) => entries.map((e) => (e.type === 'line' ? e.text : e.type));

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
      // the store stamps changes with the clock: the cut-off must fall strictly between two of them
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

    it('keeps the chat and its settings across a restart, apart from the log and its version', async () => {
      const a = await fresh();
      await a.createTable(settings('t', 1));
      await a.createTable(settings('quiet', 2));
      expect(await a.loadChat('quiet')).toEqual({ entries: [], settings: DEFAULT_CHAT_SETTINGS });
      expect(await a.loadChat('nope')).toBeNull();
      await a.append('t', 0, [seat(0, 'Ann')]);
      const notice: ChatEntry = { id: 2, at: 5, type: 'muted', target: { seat: 2 }, name: 'Cid', muted: true };
      const muted = { ...DEFAULT_CHAT_SETTINGS, mutedSeats: [2 as const] };
      // A chat entry and a log append in the same tick: both commit, neither moves the other.
      await Promise.all([a.appendChat('t', chatLine(1, 'Salut <b>tout</b> le monde 👋')), a.append('t', 1, [seat(1, 'Bob')])]);
      await a.appendChat('t', notice, muted);
      await a.append('t', 2, [seat(2, 'Cid')]);
      await a.close();

      const b = await use(h.reopen());
      expect(await b.loadChat('t')).toEqual({ entries: [chatLine(1, 'Salut <b>tout</b> le monde 👋'), notice], settings: muted });
      const t = (await b.load('t'))!;
      expect(names(t.entries)).toEqual(['Ann', 'Bob', 'Cid']);
      expect((await b.loadAll()).tables.find((x) => x.settings.id === 't')!.entries).toHaveLength(3);
      // The log goes on at its own version; the chat at its own id; a line leaves the settings alone.
      await b.append('t', 3, [{ type: 'gameStart' }]);
      await b.appendChat('t', chatLine(3));
      expect(await b.loadChat('t')).toEqual({ entries: [chatLine(1, 'Salut <b>tout</b> le monde 👋'), notice, chatLine(3)], settings: muted });
      expect(await b.loadChat('quiet')).toEqual({ entries: [], settings: DEFAULT_CHAT_SETTINGS });
    });

    it(`keeps only the newest ${CHAT_KEPT} chat entries`, async () => {
      const s = await fresh();
      await s.createTable(settings('t'));
      const total = CHAT_KEPT + 7;
      for (let id = 1; id <= total; id++) await s.appendChat('t', chatLine(id));
      const chat = (await s.loadChat('t'))!;
      expect(chat.entries).toHaveLength(CHAT_KEPT);
      expect(chat.entries[0]!.id).toBe(8);
      expect(chat.entries.at(-1)!.id).toBe(total);
      expect(chat.entries.map((e) => e.id)).toEqual(Array.from({ length: CHAT_KEPT }, (_, i) => i + 8));
    });

    it('fences the chat: a taken id or a gap fails with ChatConflict and writes nothing; an unknown table with NoSuchStoredTable', async () => {
      const s = await fresh();
      await s.createTable(settings('t'));
      await s.appendChat('t', chatLine(1));
      await s.appendChat('t', chatLine(2));
      const taken = s.appendChat('t', chatLine(2, 'late'), { ...DEFAULT_CHAT_SETTINGS, spectatorChat: false });
      await expect(taken).rejects.toBeInstanceOf(ChatConflict);
      await expect(taken).rejects.toMatchObject({ tableId: 't', id: 2, newest: 2 });
      await expect(s.appendChat('t', chatLine(4, 'gap'))).rejects.toMatchObject({ id: 4, newest: 2 });
      await expect(s.appendChat('t', chatLine(1, 'stale'))).rejects.toBeInstanceOf(ChatConflict);
      await expect(s.appendChat('nope', chatLine(1))).rejects.toBeInstanceOf(NoSuchStoredTable);
      expect(await s.loadChat('t')).toEqual({ entries: [chatLine(1), chatLine(2)], settings: DEFAULT_CHAT_SETTINGS });
      // The log was never involved: it starts at version 0.
      await s.append('t', 0, [seat(0, 'A')]);
      expect(names((await s.load('t'))!.entries)).toEqual(['A']);
    });

    it('two chat writers at the same id: exactly one wins each time', async () => {
      const a = await fresh();
      const b = await h.second();
      if (!b) return; // this kind allows one writer only (SQLite's DATA_DIR lock)
      open.push(b);
      await a.createTable(settings('t'));
      const acked: string[] = [];
      for (let id = 1; id <= 20; id++) {
        const [ra, rb] = await Promise.allSettled([a.appendChat('t', chatLine(id, `a${id}`)), b.appendChat('t', chatLine(id, `b${id}`))]);
        const won = [ra!, rb!].filter((r) => r.status === 'fulfilled');
        const lost = [ra!, rb!].filter((r): r is PromiseRejectedResult => r.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost[0]!.reason).toBeInstanceOf(ChatConflict);
        acked.push(ra!.status === 'fulfilled' ? `a${id}` : `b${id}`);
      }
      expect(texts((await b.loadChat('t'))!.entries)).toEqual(acked);
    });

    it('a failure while writing a notice leaves neither its entry nor its settings, and the chat goes on', async () => {
      const s = await fresh();
      await s.createTable(settings('t'));
      await s.appendChat('t', chatLine(1));
      const undo = await h.failChatSettingsWrite('t');
      const off = { ...DEFAULT_CHAT_SETTINGS, spectatorChat: false };
      const notice: ChatEntry = { id: 2, at: 5, type: 'spectatorChat', on: false };
      const failed = s.appendChat('t', notice, off);
      await expect(failed).rejects.toThrow();
      await expect(failed).rejects.not.toBeInstanceOf(ChatConflict);
      expect(await s.loadChat('t')).toEqual({ entries: [chatLine(1)], settings: DEFAULT_CHAT_SETTINGS });
      await undo();
      await s.appendChat('t', notice, off);
      expect(await s.loadChat('t')).toEqual({ entries: [chatLine(1), notice], settings: off });
    });

    it('expiry removes a table with its chat', async () => {
      const s = await fresh();
      await s.createTable(settings('old', 1));
      await s.createTable(settings('kept', 2));
      await s.appendChat('old', chatLine(1));
      await s.appendChat('old', { id: 2, at: 5, type: 'spectatorChat', on: false }, { ...DEFAULT_CHAT_SETTINGS, spectatorChat: false });
      await s.markFinished('old', 1);
      expect(await s.expire(2, 0)).toEqual(['old']);
      expect(await s.loadChat('old')).toBeNull();
      await expect(s.appendChat('old', chatLine(3))).rejects.toBeInstanceOf(NoSuchStoredTable);
      // Created again under the same id (never in practice), it would start with an empty chat.
      await s.createTable(settings('old', 3));
      expect(await s.loadChat('old')).toEqual({ entries: [], settings: DEFAULT_CHAT_SETTINGS });
    });

    it('close commits what is pending; later calls fail', async () => {
      const s = await fresh();
      await s.createTable(settings('t'));
      const pending = s.append('t', 0, [seat(0, 'A')]);
      const pendingChat = s.appendChat('t', chatLine(1));
      await s.close();
      await expect(pending).resolves.toBeUndefined();
      await expect(pendingChat).resolves.toBeUndefined();
      await expect(s.load('t')).rejects.toThrow();
      const r = await use(h.reopen());
      expect(names((await r.load('t'))!.entries)).toEqual(['A']);
      expect((await r.loadChat('t'))!.entries).toEqual([chatLine(1)]);
    });
  });
}

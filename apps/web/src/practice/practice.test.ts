/**
 * The practice table end to end in-process: the worker's host (practice/host.ts) behind the
 * local transport, driven by the web client's own TableClient — the same store an online table
 * uses. Whole games against bots: after every frame the client's folded view is exactly the
 * table's view for seat 0 (nothing of the other hands), the record verifies with its seals, a
 * take-back, a reload (resume from storage), the turn timer and a hint.
 */
import { createHash } from 'node:crypto';
import { decide, decisionSeed } from '@belote/bots';
import { cardsOfMask, currentDeal, replayRecord, replayTimeline, seededRng, viewFor, type Card, type GameEvent, type GameView, type Move } from '@belote/rules';
import { describe, expect, it } from 'vitest';
import { prefs } from '../lib/prefs.svelte.js';
import { recordFromText } from '../lib/replay/record-source.js';
import { TableClient } from '../lib/store.svelte.js';
import { deckOfSeed } from './fairness.js';
import { hintFor, hintSeed } from './hints.js';
import { practiceHost, type HostDeps, type HostStore } from './host.js';
import { practiceTransport, type PracticeWorker } from './local-transport.js';
import type { ServerFrames } from '@belote/protocol/client';
import type { FromPractice, ToPractice } from './messages.js';
import { practiceRecord } from './record.js';
import { sha256Hex } from './sha256.js';
import { COMPLETE_WITHIN_MS, DEAL_WITHIN_MS } from '../lib/deal-motion.js';
import { PracticeTable, paceAfter, thinkMs, type TableDeps } from './table.js';
import type { PracticeSettings, SavedPractice } from './types.js';

const nodeSha = (s: string): string => createHash('sha256').update(s).digest('hex');

function memoryStore(): HostStore & { tables: Map<string, SavedPractice>; writes: number } {
  const tables = new Map<string, SavedPractice>();
  return {
    tables,
    writes: 0,
    put(s) {
      this.writes++;
      tables.set(s.id, structuredClone(s));
      return Promise.resolve();
    },
    get: (id) => Promise.resolve(structuredClone(tables.get(id) ?? null)),
  };
}

const settings = (over: Partial<PracticeSettings> = {}): PracticeSettings => ({
  rules: { target: 301, announcements: true, tie: 'litige', direction: 'counterclockwise' },
  partner: 'normal',
  opponents: 'easy',
  turnTimerSeconds: null,
  name: 'Me',
  ...over,
});

/** A worker whose host runs in this process; messages are cloned as across a real worker. */
function inProcess(store: HostStore, seen: { table: PracticeTable | null }, over: Partial<HostDeps> = {}): PracticeWorker & { frames: FromPractice[] } {
  let seed = 1;
  const w: PracticeWorker & { frames: FromPractice[] } = {
    frames: [],
    onmessage: null,
    postMessage: (m: ToPractice) => queueMicrotask(() => handle(structuredClone(m))),
    terminate: () => {},
  };
  const handle = practiceHost(
    (m) => {
      w.frames.push(m);
      w.onmessage?.({ data: structuredClone(m) } as MessageEvent<FromPractice>);
    },
    {
      store: () => Promise.resolve(store),
      decide: (view, level, s) => decide(view, { level, rng: seededRng(s) }),
      clock: { now: () => Date.now(), setTimeout: (run, ms) => setTimeout(run, ms), clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) },
      random: (n) => {
        const rng = seededRng(`bytes${seed++}`);
        return Uint8Array.from({ length: n }, () => Math.floor(rng() * 256));
      },
      onTable: (t) => (seen.table = t),
      ...over,
    },
  );
  return w;
}

const FAST = { botPaceMs: 0, turnSecondMs: 1, redealPauseMs: 0 };

async function until(cond: () => boolean, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

/** The player's move, chosen by the normal bot from the client's own view. */
async function playMine(client: TableClient): Promise<void> {
  const view = client.live.view!;
  const move: Move = decide(view, { level: 'normal', rng: seededRng(client.live.version) });
  switch (move.type) {
    case 'play':
      return client.commands.tapCard(move.card);
    case 'pass':
      return client.commands.pass();
    case 'take':
      return client.commands.take(move.suit);
    case 'bid':
      return client.commands.bid(move.value, move.suit);
    case 'coinche':
    case 'surcoinche':
      return client.commands.call(move.type);
  }
}

function open(store: HostStore, start: ToPractice & { type: 'open' | 'create' }, over: Partial<HostDeps> = {}) {
  const seen: { table: PracticeTable | null } = { table: null };
  const worker = inProcess(store, seen, over);
  const client = new TableClient('practice');
  const t = practiceTransport(worker, start);
  client.connect(t.factory);
  /** After every frame the client holds exactly the table's view of seat 0. */
  const checked = { frames: 0 };
  const inner = worker.onmessage!;
  worker.onmessage = (e) => {
    inner(e);
    if (e.data.type === 'frame' && seen.table) {
      const view: GameView | null = seen.table.view();
      expect(client.live.view).toEqual(view);
      expect(client.live.version).toBe(seen.table.version);
      // and the clocks the table runs (a step carries those it changes): which run, who continued
      const timers = seen.table.snapshot().timers;
      expect(client.live.turnEndsAt === null).toBe(timers.turnMsLeft === null);
      expect(client.live.nextDeal?.ready ?? null).toEqual(timers.nextDeal?.ready ?? null);
      const json = JSON.stringify(e.data.frame);
      expect(json).not.toMatch(/"deck"|"salt"/);
      // no card another seat still holds is in any frame, unless everyone may see it (a spectator's
      // view: the retourne, shown announcements)
      const state = seen.table.gamesForRecord().at(-1)!.state;
      const deal = currentDeal(state);
      if (deal) {
        const cards = (text: string): string[] => text.match(/\b(?:7|8|9|10|J|Q|K|A)[SHDC]\b/g) ?? [];
        const open = new Set(cards(JSON.stringify(viewFor(state, 'spectator'))));
        const hidden = [1, 2, 3].flatMap((s) => cardsOfMask(deal.hands[s]!)).filter((c) => !open.has(c));
        expect(cards(json).filter((c) => hidden.includes(c as Card))).toEqual([]);
      }
      checked.frames++;
    }
  };
  return { client, worker, seen, checked, transport: () => t.transport()! };
}

describe('sha256', () => {
  it('matches node:crypto, across block boundaries and for UTF-8', () => {
    for (const s of ['', 'abc', 'a'.repeat(55), 'a'.repeat(56), 'a'.repeat(64), 'x'.repeat(1000), 'KD 8H 9C ♠ é 日本']) expect(sha256Hex(s)).toBe(nodeSha(s));
  });
});

describe('a practice table', () => {
  it('plays a whole game against bots through the web client: every frame folds to the table’s own view of seat 0; the record verifies with its seals', async () => {
    const store = memoryStore();
    const { client, worker, seen, checked } = open(store, { type: 'create', settings: settings(), timing: { ...FAST, dealPauseMs: 0, redealPauseMs: 0 } });
    await until(() => client.live.table !== null, 'the snapshot');
    expect(client.live.table!.seats.map((s) => [s.name, s.bot])).toEqual([['Me', null], ['Bot 2', 'easy'], ['Bot 3', 'normal'], ['Bot 4', 'easy']]);
    expect(client.live.you).toEqual({ role: 'player', seat: 0, isHost: true });
    while (client.live.view?.winner == null) {
      await until(() => client.live.view?.winner != null || (client.commands.isMyTurn && !client.commands.pending), 'my turn or the end');
      if (client.live.view?.winner == null) await playMine(client);
    }
    await until(() => client.live.table?.status === 'finished', 'finished');
    // other seats' cards never reached the page: every private part is the player's own hand
    for (const m of worker.frames) if (m.type === 'frame' && m.name === 'step' && m.frame.private) expect(m.frame.private.hand.length === 5 || m.frame.private.hand.length === 8).toBe(true);
    const saved = store.tables.get(seen.table!.id)!;
    expect(saved.finished).toBe(true);
    // every change after the first was checked: one step frame per log entry (and presence frames)
    expect(checked.frames).toBeGreaterThanOrEqual(saved.entries.length - 1);
    const record = practiceRecord(saved, 0)!;
    expect(record.deals.length).toBeGreaterThan(0);
    // the player's seat, which the replay speaks to as "you" (also from the downloaded file)
    expect(record.human).toBe(0);
    // the downloaded file read back names that seat, whatever the player's name ("You" in the
    // language of the day when they gave none); without `human` (a file saved before it) it is no
    // practice record: a table's record has the same fields, and its player may be called "You" too
    const read = (r: typeof record) => recordFromText(JSON.stringify({ ...r, human: undefined }), { kind: 'file', name: 'p.json' });
    for (const lang of ['en', 'fr', 'de'] as const) {
      prefs.setLang(lang);
      const unnamed = practiceRecord({ ...saved, settings: { ...saved.settings, name: '' } }, 0)!;
      const back = recordFromText(JSON.stringify(unnamed), { kind: 'file', name: 'p.json' });
      expect([lang, unnamed.players[0], back.ok && back.value.you]).toEqual([lang, { en: 'You', fr: 'Vous', de: 'Du' }[lang], 0]);
      expect(read(unnamed)).toMatchObject({ ok: true, value: { you: null } });
    }
    prefs.setLang('en');
    const out = replayRecord(record, (deck, salt, commitment) => nodeSha(`${deck.join(' ')} ${salt}`) === commitment);
    expect(out.result.error).toBeNull();
    expect(out.result.winner).toBe(client.live.view!.winner);
    for (const d of record.deals) expect(d.deck).toEqual(deckOfSeed(d.salt as string));
    // a hint's seed is the analysis's seed of the same decision: the replay draws the same deals
    let decisions = 0;
    for (const deal of replayTimeline(record).deals)
      deal.states.forEach((state, step) => {
        const seat = deal.frames[step + 1]!.action!.seat;
        expect(hintSeed(viewFor(state, seat))).toBe(decisionSeed(deal.index, step));
        decisions++;
      });
    expect(decisions).toBeGreaterThan(30);
    // every deal's commitment was published before its deal started, in the same step
    const committed = worker.frames.flatMap((m) => (m.type === 'frame' && m.name === 'step' ? m.frame.events.filter((e) => e.type === 'dealCommitted') : []));
    expect(committed.map((e) => (e as { hash: string }).hash)).toEqual(expect.arrayContaining(record.deals.map((d) => d.commitment)));
    client.disconnect();
  }, 60_000);

  it('takes back the player’s last card, saves it, and a reload resumes at the same position', async () => {
    const store = memoryStore();
    const first = open(store, { type: 'create', settings: settings({ opponents: 'normal' }), timing: FAST });
    const { client } = first;
    // play until the player has played a card and it is their turn again within the same deal
    let played: string | null = null;
    for (;;) {
      await until(() => client.commands.isMyTurn && !client.commands.pending, 'my turn');
      const d = client.live.deal!;
      if (played && d.phase === 'play' && d.hand!.length < 8 && d.hand!.length > 1) break;
      if (d.phase === 'play') played = 'yes';
      await playMine(client);
    }
    const before = client.live.deal!.hand!.slice();
    const version = client.live.version;
    const r = await first.transport().takeBack();
    expect(r.ok).toBe(true);
    await until(() => client.live.deal!.hand!.length === before.length + 1, 'the card back in hand');
    expect(client.live.version).toBeGreaterThan(version);
    expect(client.commands.isMyTurn).toBe(true);
    const id = first.seen.table!.id;
    expect(store.tables.get(id)!.takeBacks).toBe(1);
    const at = { view: client.live.view, version: client.live.version };
    client.disconnect();
    first.seen.table!.close();

    const second = open(store, { type: 'open', id, timing: FAST });
    await until(() => second.client.live.view !== null, 'the snapshot after reopening');
    expect(second.client.live.view).toEqual(at.view);
    expect(second.client.live.version).toBe(at.version);
    // a second take-back right away is refused when no card of mine is left in the trick tail
    await playMine(second.client);
    await until(() => second.client.live.version > at.version, 'my card');
    second.client.disconnect();
    second.seen.table!.close();
  }, 60_000);

  it('an unknown id is refused like an unknown table; commands are answered like a server’s', async () => {
    const store = memoryStore();
    const gone = open(store, { type: 'open', id: 'x'.repeat(22) });
    await until(() => gone.client.connection.fatal !== null, 'refusal');
    expect(gone.client.connection.fatal).toBe('NO_SUCH_TABLE');

    const { client, transport, seen } = open(store, { type: 'create', settings: settings(), timing: { botPaceMs: 60_000 } });
    await until(() => client.live.table !== null, 'snapshot');
    expect(await transport().send('action', { version: client.live.version + 5, action: { type: 'pass' } })).toMatchObject({ ok: false, error: { code: 'STALE_VERSION' } });
    expect(await transport().send('sit', { seat: 1, name: 'x' })).toMatchObject({ ok: false, error: { code: 'GAME_IN_PROGRESS' } });
    expect(await transport().send('ready', {})).toMatchObject({ ok: false, error: { code: 'WRONG_PHASE' } });
    expect(await transport().send('rematch', {})).toMatchObject({ ok: false, error: { code: 'GAME_IN_PROGRESS' } });
    expect(await transport().send('start', {})).toMatchObject({ ok: false, error: { code: 'GAME_IN_PROGRESS' } });
    expect(await transport().send('settings', { rules: { target: 501 } })).toMatchObject({ ok: false, error: { code: 'GAME_IN_PROGRESS' } });
    expect(await transport().send('chat', { text: 'hi' })).toMatchObject({ ok: false, error: { code: 'CHAT_OFF' } });
    expect(await transport().takeBack()).toMatchObject({ ok: false, error: { code: 'WRONG_PHASE' } });
    const sync = await transport().send('sync', {});
    expect(sync.ok && sync.snapshot.view).toEqual(viewFor(seen.table!.gamesForRecord()[0]!.state, 0));
    client.disconnect();
    seen.table!.close();
  });

  it('the turn timer: a turn of the player that runs out is played by a bot; each turn\'s clock comes with the step that starts it (protocol 3), no presence frame for it', async () => {
    const store = memoryStore();
    const { client, worker, seen } = open(store, { type: 'create', settings: settings({ turnTimerSeconds: 5 }), timing: { botPaceMs: 0, turnSecondMs: 2 } });
    await until(() => (seen.table?.record.entries.filter((e) => e.type === 'action' && e.action.seat === 0 && e.by === 'bot').length ?? 0) >= 3, 'three timed-out turns');
    const frames = worker.frames.flatMap((m) => (m.type === 'frame' ? [m] : []));
    // every step after which it is the player's turn starts a full clock; a step that ends it stops the clock
    const steps = frames.flatMap((m) => (m.name === 'step' ? [m.frame] : []));
    const started = steps.filter((f) => f.timers && f.timers.turnMsLeft !== null);
    expect(started.length).toBeGreaterThanOrEqual(3);
    for (const f of started) expect(f.timers!.turnMsLeft).toBeGreaterThan(0);
    expect(steps.some((f) => f.timers?.turnMsLeft === null)).toBe(true);
    // nobody continued from a summary: no presence frame at all, the clocks came with the steps
    expect(frames.filter((m) => m.name === 'presence')).toEqual([]);
    expect(client.live.table!.options.turnTimerSeconds).toBe(5);
    client.disconnect();
    seen.table!.close();
  });

  it('a hint on the player’s turn: the strong bot’s choice among the legal options, each valued', async () => {
    const store = memoryStore();
    const { client, transport, seen } = open(store, { type: 'create', settings: settings({ opponents: 'normal' }), timing: FAST }, {
      hint: (view, seed) => {
        // the real computation with a small budget (the values, not the effort, are under test)
        return hintFor(view, seed, { samples: 4, minSamples: 1, nodes: 100_000, markSamples: 0, bidSamples: 6 });
      },
    });
    for (let asked = 0; asked < 2; ) {
      await until(() => client.commands.isMyTurn && !client.commands.pending, 'my turn');
      const d = client.live.deal!;
      if ((asked === 0 && d.phase === 'bidding') || (asked === 1 && d.phase === 'play')) {
        const h = await transport().hint();
        expect(h.ok).toBe(true);
        if (!h.ok) return;
        const options = h.hint.options.map((o) => o.option);
        if (d.phase === 'play') expect(options.sort()).toEqual([...d.legal].sort());
        else expect(options).toContain('pass');
        expect(options).toContain(h.hint.best);
        expect(h.hint.options.every((o) => Number.isFinite(o.value))).toBe(true);
        asked++;
      }
      await playMine(client);
    }
    expect(seen.table!.record.hints).toBe(2);
    client.disconnect();
    seen.table!.close();
  }, 60_000);

  it('a bot\'s move waits for the table\'s motion, then the pace: a deal\'s first move for the deal, classic\'s first lead for the rest of the deal after the taking; the others the pace alone', async () => {
    const steps: { at: number; events: GameEvent[] }[] = [];
    let seed = 1;
    const deps: TableDeps = {
      clock: { now: () => Date.now(), setTimeout: (run, ms) => setTimeout(run, ms), clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) },
      // the first dealer, from one byte: the player (seat 0), so a bot (seat 1) speaks first and leads
      random: (n) => {
        if (n === 1) return Uint8Array.of(0);
        const rng = seededRng(`first${seed++}`);
        return Uint8Array.from({ length: n }, () => Math.floor(rng() * 256));
      },
      decide: (view, level, s) => decide(view, { level, rng: seededRng(s) }),
      save: () => Promise.resolve(),
      send: (event, frame) => {
        if (event === 'step') steps.push({ at: Date.now(), events: (frame as ServerFrames['step']).events as GameEvent[] });
      },
      timing: { botPaceMs: 100, drawnWaitMs: 0 },
    };
    const table = await PracticeTable.create(settings({ partner: 'normal', opponents: 'normal' }), deps);
    table.open();
    const has = (f: { events: GameEvent[] }, type: GameEvent['type']): boolean => f.events.some((e) => e.type === type);
    // to the deal's first card: the player passes when asked (a redeal deals again)
    for (let i = 0; i < 200 && !steps.some((f) => has(f, 'cardPlayed')); i++) {
      const d = table.view()?.deal;
      if (d?.turn === 0 && d.phase === 'bidding') expect(await table.command('action', { version: table.version, action: { type: 'pass' } })).toMatchObject({ ok: true });
      await new Promise((r) => setTimeout(r, 20));
    }
    table.close();
    const P = 100;
    const dealt = steps.find((f) => has(f, 'dealStarted'))!;
    const moves = steps.filter((f) => has(f, 'bid') || has(f, 'cardPlayed'));
    const [first, second] = moves;
    expect(first!.at - dealt.at).toBeGreaterThanOrEqual(DEAL_WITHIN_MS + P - 20);
    // the next bid (seat 2, a bot, or the player's pass) at the pace at most
    if (!has(first!, 'trumpChosen')) expect(second!.at - first!.at).toBeLessThan(DEAL_WITHIN_MS);
    // the first lead (seat 1, a bot) after the taking's motion
    const taken = steps.findLast((f) => has(f, 'trumpChosen'))!;
    const lead = steps.find((f) => has(f, 'cardPlayed'))!;
    expect(lead.events.find((e) => e.type === 'cardPlayed')).toMatchObject({ seat: 1 });
    expect(lead.at - taken.at).toBeGreaterThanOrEqual(COMPLETE_WITHIN_MS + P - 20);
    expect(paceAfter(currentDeal(table.gamesForRecord()[0]!.state)!, P)).toBe(P); // mid-trick: the pace alone
  });

  it('a bot thinks once the page has drawn the change that gave it the turn (its search leaves the cores to the rendering), at most drawnWaitMs after its turn began', async () => {
    const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
    const make = async (drawnWaitMs: number) => {
      const decided: { at: number; version: number; waited: number }[] = [];
      let seed = 1;
      const made: { table?: PracticeTable } = {};
      const deps: TableDeps = {
        clock: { now: () => Date.now(), setTimeout: (run, ms) => setTimeout(run, ms), clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) },
        random: (n) => {
          const rng = seededRng(`drawn${seed++}`);
          return Uint8Array.from({ length: n }, () => Math.floor(rng() * 256));
        },
        decide: (view, level, s, waited) => {
          decided.push({ at: Date.now(), version: made.table!.version, waited });
          return decide(view, { level, rng: seededRng(s) });
        },
        save: () => Promise.resolve(),
        send: () => {},
        timing: { botPaceMs: 0, drawnWaitMs },
      };
      const table = (made.table = await PracticeTable.create(settings(), deps));
      table.open();
      /** Until a bot is on turn (the player passes when it is theirs); when that turn began. */
      const botTurn = async (): Promise<number> => {
        for (;;) {
          await until(() => table.view()?.deal?.phase === 'bidding', 'a deal');
          const turn = table.view()!.deal!.turn;
          if (turn !== 0) return Date.now();
          expect(await table.command('action', { version: table.version, action: { type: 'pass' } })).toMatchObject({ ok: true });
        }
      };
      return { table, decided, botTurn };
    };

    // no report from the page: the bot waits; an older version drawn does not start it; its own does
    const a = await make(60_000);
    await a.botTurn();
    const v = a.table.version;
    await sleep(150);
    expect(a.decided).toEqual([]);
    a.table.drawn(v - 1);
    await sleep(50);
    expect(a.decided).toEqual([]);
    a.table.drawn(v);
    await until(() => a.decided.length > 0, 'the bot’s decision');
    expect(a.decided[0]!.version).toBe(v);
    // the page drawing ahead of a turn lets the next bot think at once
    await until(() => a.table.version > v, 'the bot’s move');
    a.table.drawn(a.table.version + 100);
    const was = a.decided.length;
    // (well within the 60 s a page that draws nothing would make it wait)
    if (a.table.view()!.deal!.turn !== 0 && a.table.view()!.deal!.phase === 'bidding') await until(() => a.decided.length > was, 'the next bot thinking at once', 2_000);
    a.table.close();

    // a page that draws nothing (hidden): the bot thinks drawnWaitMs after its turn began
    const b = await make(120);
    const began = await b.botTurn();
    await until(() => b.decided.length > 0, 'the bot’s decision without a report');
    expect(b.decided[0]!.at - began).toBeGreaterThanOrEqual(110);
    // the wait is told to the bot, whose time cap it shortens (a third of the cap at least)
    expect(b.decided[0]!.waited).toBeGreaterThanOrEqual(110);
    expect(b.decided[0]!.waited).toBeLessThanOrEqual(b.decided[0]!.at - began + 5); // the table's clock read a little before ours
    expect([thinkMs(250, 0), thinkMs(250, 60), thinkMs(250, 200), thinkMs(250, 400), thinkMs(250, -5)]).toEqual([250, 190, 83, 83, 250]);
    b.table.close();
  });

  it('the page reports each snapshot and step drawn, with its version', async () => {
    const store = memoryStore();
    const { client, worker, seen } = open(store, { type: 'create', settings: settings(), timing: FAST });
    const sent: ToPractice[] = [];
    const post = worker.postMessage;
    worker.postMessage = (m) => {
      sent.push(m);
      post(m);
    };
    for (let i = 0; i < 3; i++) {
      await until(() => client.commands.isMyTurn && !client.commands.pending, 'my turn');
      await playMine(client);
    }
    await until(() => sent.some((m) => m.type === 'drawn' && m.version === seen.table!.version), 'the latest change drawn', 5_000);
    const versions = worker.frames.flatMap((m) => (m.type === 'frame' && m.name !== 'presence' ? [m.frame.version] : []));
    const drawn = sent.flatMap((m) => (m.type === 'drawn' ? [m.version] : []));
    for (const v of versions.filter((x) => x <= drawn.at(-1)!)) expect(drawn).toContain(v);
    client.disconnect();
    seen.table!.close();
  });
});

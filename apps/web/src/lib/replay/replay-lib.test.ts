/**
 * The replay's plumbing: routes, keys, the controller with autoplay, records from files and
 * from the table, the bounded analysis cache, and the worker's analysis loop in-process.
 */
import { ANALYSIS_VERSION, type DealAnalysis } from '@belote/bots';
import { replayTimeline, type Card, type GameRecord, type ReplayFrame, type Seat } from '@belote/rules';
import { cardLabel, type Lang } from '../i18n.js';
import { de } from '../i18n/de.js';
import { en } from '../i18n/en.js';
import { fr } from '../i18n/fr.js';
import { botRecord, coincheRecord } from '../../../test/records.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseRoute, replayPath } from '../router.svelte.js';
import { MAX_RECORDS, dealStamps, loadAnalyses, recordKey, saveAnalyses } from './analysis-cache.js';
import { analysisHost, type FromWorker } from './analysis-host.js';
import { captionOf, optionText, seatNames, teamNames } from './describe.js';
import { shortCallText } from './move-list.js';
import { TABLES, mySeatIn, rememberMySeat } from './my-seats.js';
import { fetchTableRecord, openRecordFile, openedRecord, recordFromText } from './record-source.js';
import { ReplayController, commandForKey } from './replay-controller.svelte.js';

const ID = 'AbCdEfGhIjKlMnOpQrStUv';

describe('routes', () => {
  it('parse the replay of a table game and of a record file', () => {
    expect(parseRoute(`/t/${ID}/replay`, '')).toEqual({ name: 'replay', id: ID, game: null, deal: null });
    expect(parseRoute(`/t/${ID}/replay`, '?game=2&deal=5')).toEqual({ name: 'replay', id: ID, game: 2, deal: 5 });
    expect(parseRoute(`/t/${ID}/replay/`, '?game=x')).toEqual({ name: 'replay', id: ID, game: null, deal: null });
    expect(parseRoute('/replay', '?deal=3')).toEqual({ name: 'replayFile', deal: 3 });
    expect(parseRoute(`/t/${ID}`)).toEqual({ name: 'table', id: ID });
    expect(parseRoute('/t/short/replay')).toEqual({ name: 'home' });
    expect(replayPath(ID, 1, 4)).toBe(`/t/${ID}/replay?game=1&deal=4`);
    expect(replayPath(ID, null)).toBe(`/t/${ID}/replay`);
  });
});

describe('the move list', () => {
  it('shortens only the coinche calls, to the multiplier they put on the contract', () => {
    expect(shortCallText('coinche')).toBe('×2');
    expect(shortCallText('surcoinche')).toBe('×4');
    for (const other of ['pass', 'take', 'take:H', 'bid:160:S', 'bid:capot:H', 'AS']) expect(shortCallText(other)).toBeNull();
  });
});

describe('the controller', () => {
  const tl = replayTimeline(botRecord());

  it('maps the keys: arrows by card and trick, Home/End, Page Up/Down, Space', () => {
    expect(commandForKey('ArrowRight')).toEqual({ kind: 'move', unit: 'action', dir: 1 });
    expect(commandForKey('ArrowLeft')).toEqual({ kind: 'move', unit: 'action', dir: -1 });
    expect(commandForKey('ArrowDown')).toEqual({ kind: 'move', unit: 'trick', dir: 1 });
    expect(commandForKey('ArrowUp')).toEqual({ kind: 'move', unit: 'trick', dir: -1 });
    expect(commandForKey('PageDown')).toEqual({ kind: 'move', unit: 'deal', dir: 1 });
    expect(commandForKey('PageUp')).toEqual({ kind: 'move', unit: 'deal', dir: -1 });
    expect(commandForKey('Home')).toEqual({ kind: 'edge', edge: 'start' });
    expect(commandForKey('End')).toEqual({ kind: 'edge', edge: 'end' });
    expect(commandForKey(' ')).toEqual({ kind: 'play' });
    expect(commandForKey('a')).toBeNull();
  });

  it('autoplays at the chosen speed, holds a completed trick longer, stops at the end or on a manual move', () => {
    const calls: { fn: () => void; ms: number }[] = [];
    const ctl = new ReplayController(tl, { deal: 0, step: 0 }, (fn, ms) => {
      calls.push({ fn, ms });
      return 0 as unknown as ReturnType<typeof setTimeout>;
    });
    ctl.setSpeed(2);
    ctl.run({ kind: 'play' });
    expect(ctl.playing).toBe(true);
    expect(calls[0]!.ms).toBe(500);
    calls[0]!.fn();
    expect(ctl.cursor).toEqual({ deal: 0, step: 1 });
    // Run until a trick completes: the next delay is longer.
    while (ctl.frame!.table.winner === null) calls.at(-1)!.fn();
    expect(calls.at(-1)!.ms).toBe(900);
    ctl.run({ kind: 'move', unit: 'action', dir: -1 });
    expect(ctl.playing).toBe(false);
    ctl.goto({ deal: tl.deals.length - 1, step: 9999 });
    expect(ctl.atEnd).toBe(true);
    ctl.play();
    expect(ctl.cursor).toEqual({ deal: 0, step: 0 });
    ctl.goto({ deal: tl.deals.length - 1, step: tl.deals.at(-1)!.frames.length - 2 });
    calls.at(-1)!.fn();
    expect(ctl.atEnd).toBe(true);
    expect(ctl.playing).toBe(false);
  });

  it('describes a step in words', () => {
    const names = seatNames(['Ann', null, 'Cid', 'Dee'], 'en');
    expect(names[1]).toBe('Seat 2');
    const deal = tl.deals.find((d) => d.result.outcome !== 'redeal')!;
    expect(captionOf(deal.frames[0]!, names, 'en')).toMatch(/^(Ann|Seat 2|Cid|Dee) deals; the retourne is \w+ of \w+$/);
    const firstPlay = deal.frames.find((f) => f.action?.type === 'play')!;
    expect(captionOf(firstPlay, names, 'en')).toMatch(/ plays \w+ of \w+$/);
    const won = deal.frames.find((f) => f.table.winner !== null)!;
    expect(captionOf(won, names, 'fr')).toMatch(/remporte le pli \(\d+ points\)/);
    expect(captionOf(deal.frames.at(-1)!, names, 'en')).toMatch(/(Made|Dedans|Litige|Capot)$/);
    // Announcements: the types declared at the take, then who scores them.
    const ann = replayTimeline(botRecord('announce', 1000, true));
    const frames = ann.deals.flatMap((d) => d.frames);
    const declared = frames.find((f) => f.events.some((e) => e.type === 'announcementsDeclared' && e.declarations.some((x) => x.kinds.length)))!;
    expect(captionOf(declared, names, 'en')).toMatch(/takes \w+\. Announced: (Ann|Seat 2|Cid|Dee): (Tierce|Quarte|Quinte|Carré)/);
    const shown = frames.find((f) => f.events.some((e) => e.type === 'announcementsShown'))!;
    expect(captionOf(shown, names, 'de')).toMatch(/Meldungen: \d+ für (Ann & Cid|Seat 2 & Dee|Platz 2 & Dee)|Meldungen: gleichwertig/);
    expect(optionText('take:H', 'en', 'S')).toBe('Take ♥');
    expect(optionText('take', 'de', 'C')).toBe('Nehmen ♣');
    expect(optionText('10D', 'en', 'S')).toBe('10♦');
    // Court cards by the language's letter, as on the table's own cards (R, D, V in French).
    expect(optionText('KH', 'fr', 'S')).toBe('R♥');
    expect(optionText('QS', 'fr', 'S')).toBe('D♠');
    expect(optionText('JD', 'fr', 'S')).toBe('V♦');
    expect(optionText('JC', 'de', 'S')).toBe('B♣');
    expect(optionText('AS', 'fr', 'S')).toBe('A♠');
  });
  it('speaks to a practice game’s player in the second person, in each language’s grammar, and of the others by name', () => {
    const deal = tl.deals.find((d) => d.result.outcome !== 'redeal')!;
    const frames = deal.frames.slice(1);
    // The names of a practice record with `seat` its player (the record's `human`), named "You" in the language.
    const WORD = { en: 'You', fr: 'Vous', de: 'Du' } as const;
    const as = (seat: Seat, lang: Lang) => seatNames([0, 1, 2, 3].map((s) => (s === seat ? WORD[lang] : `P${s}`)), lang, seat);
    const cardOf = (f: ReplayFrame, lang: Lang) => cardLabel(lang, (f.action as { card: Card }).card);
    // The deal as dealt: its dealer.
    const dealer = deal.frames[0]!.view.deal!.dealer;
    const retourne = (lang: Lang) => cardLabel(lang, deal.frames[0]!.view.deal!.retourne!);
    expect(captionOf(deal.frames[0]!, as(dealer, 'en'), 'en')).toBe(`You deal; the retourne is ${retourne('en')}`);
    expect(captionOf(deal.frames[0]!, as(dealer, 'fr'), 'fr')).toBe(`Vous distribuez\u202f; la retourne est ${retourne('fr')}`);
    expect(captionOf(deal.frames[0]!, as(dealer, 'de'), 'de')).toBe(`Du gibst; aufgedeckt ist ${retourne('de')}`);
    expect(captionOf(deal.frames[0]!, as(((dealer + 1) % 4) as Seat, 'en'), 'en')).toBe(`P${dealer} deals; the retourne is ${retourne('en')}`);
    // The last bid (the take): its seat as the player.
    const bid = frames.filter((f) => f.action?.type === 'pass' || f.action?.type === 'take').at(-1)!;
    const bidder = bid.action!.seat;
    expect(captionOf(bid, as(bidder, 'en'), 'en')).toMatch(/^You take \w+(\.|$)/);
    expect(captionOf(bid, as(bidder, 'fr'), 'fr')).toMatch(/^Vous prenez à \w+(\.|$)/);
    expect(captionOf(bid, as(bidder, 'de'), 'de')).toMatch(/^Du nimmst \w+(\.|$)/);
    expect(captionOf(bid, as(((bidder + 2) % 4) as Seat, 'fr'), 'fr')).toMatch(new RegExp(`^P${bidder} prend à \\w+`));
    // A card that does not end a trick.
    const play = frames.find((f) => f.action?.type === 'play' && f.table.winner === null)!;
    const player = play.action!.seat;
    expect(captionOf(play, as(player, 'en'), 'en')).toBe(`You play ${cardOf(play, 'en')}`);
    expect(captionOf(play, as(player, 'fr'), 'fr')).toBe(`Vous jouez ${cardOf(play, 'fr')}`);
    expect(captionOf(play, as(player, 'de'), 'de')).toBe(`Du spielst ${cardOf(play, 'de')}`);
    expect(captionOf(play, as(((player + 1) % 4) as Seat, 'de'), 'de')).toBe(`P${player} spielt ${cardOf(play, 'de')}`);
    // A trick won: its winner as the player.
    const won = frames.find((f) => f.events.some((e) => e.type === 'trickWon'))!;
    const { winner, points } = won.events.find((e) => e.type === 'trickWon') as { winner: Seat; points: number };
    const p = (one: string, other: string) => (points === 1 ? one : other);
    expect(captionOf(won, as(winner, 'en'), 'en')).toMatch(new RegExp(`\\. You win the trick \\(${points} ${p('point', 'points')}\\)$`));
    expect(captionOf(won, as(winner, 'fr'), 'fr')).toMatch(new RegExp(`\\. Vous remportez le pli \\(${points} ${p('point', 'points')}\\)$`));
    expect(captionOf(won, as(winner, 'de'), 'de')).toMatch(new RegExp(`\\. Du gewinnst den Stich \\(${points} ${p('Punkt', 'Punkte')}\\)$`));
    expect(captionOf(won, as(((winner + 1) % 4) as Seat, 'en'), 'en')).toMatch(new RegExp(`\\. P${winner} wins the trick \\(${points} ${p('point', 'points')}\\)$`));
  });
});

describe('the reader’s seat in labels', () => {
  it('is “You” in the language read, whatever name the record stored, and its team starts with it', () => {
    // A practice file saved in English ("You") or with the player's own name, read in each language.
    for (const stored of ['You', 'Alice']) {
      const players = [stored, 'Bot 2', 'Bot 3', 'Bot 4'];
      expect([...seatNames(players, 'en', 0)]).toEqual(['You', 'Bot 2', 'Bot 3', 'Bot 4']);
      expect([...seatNames(players, 'fr', 0)]).toEqual(['Vous', 'Bot 2', 'Bot 3', 'Bot 4']);
      expect([...seatNames(players, 'de', 0)]).toEqual(['Du', 'Bot 2', 'Bot 3', 'Bot 4']);
      expect(teamNames(seatNames(players, 'fr', 0), 'fr')).toEqual(['Vous & Bot 3', 'Bot 2 & Bot 4']);
      expect(teamNames(seatNames(players, 'de', 0), 'de')).toEqual(['Du & Bot 3', 'Bot 2 & Bot 4']);
    }
    // The reader second in seat order still leads its team's name; the other team is as stored.
    expect(teamNames(seatNames(['Ann', 'Bob', 'Cid', 'Dee'], 'en', 3), 'en')).toEqual(['Ann & Cid', 'You & Bob']);
    expect(teamNames(seatNames(['Ann', 'Bob', 'Cid', 'Dee'], 'fr', 2), 'fr')).toEqual(['Vous & Ann', 'Bob & Dee']);
    // No reader (a table's record): the stored names, "Seat n" for a missing one, the teams in seat order.
    expect([...seatNames(['You', null, 'Cid', 'Dee'], 'fr')]).toEqual(['You', 'Place 2', 'Cid', 'Dee']);
    expect(teamNames(seatNames(['Ann', 'Bob', 'Cid', 'Dee'], 'en'), 'en')).toEqual(['Ann & Cid', 'Bob & Dee']);
  });

  it('is “You” in a step’s caption where it names a seat or a team (the announcements)', () => {
    const ann = replayTimeline(botRecord('announce', 1000, true));
    const frames = ann.deals.flatMap((d) => d.frames);
    const declared = frames.find((f) => f.events.some((e) => e.type === 'announcementsDeclared' && e.declarations.some((x) => x.kinds.length)))!;
    const by = (declared.events.find((e) => e.type === 'announcementsDeclared') as { declarations: { seat: Seat; kinds: unknown[] }[] }).declarations.find((d) => d.kinds.length)!.seat;
    const said = captionOf(declared, seatNames([0, 1, 2, 3].map((s) => (s === by ? 'You' : `Bot ${s + 1}`)), 'fr', by), 'fr');
    // French typography: a narrow no-break space before the colon.
    expect(said).toContain('Vous\u202f: ');
    expect(said).not.toContain('Vous: ');
    expect(said).not.toContain('You');
    expect(captionOf(declared, seatNames([0, 1, 2, 3].map((s) => `P${s}`), 'en'), 'en')).toContain(`P${by}: `);
    // A coinche call in the caption: the same colon, by language.
    const call = replayTimeline(coincheRecord()).deals.flatMap((d) => d.frames).find((f) => f.action?.type === 'coinche')!;
    const caller = call.action!.seat;
    expect(captionOf(call, seatNames(['A', 'B', 'C', 'D'], 'fr', caller), 'fr')).toContain('Vous\u202f: Coinche');
    expect(captionOf(call, seatNames(['A', 'B', 'C', 'D'], 'en'), 'en')).toContain(`${'ABCD'[caller]}: Coinche`);
    const shown = frames.find((f) => f.events.some((e) => e.type === 'announcementsShown' && e.combinations.length))!;
    const team = (shown.events.find((e) => e.type === 'announcementsShown') as { team: 0 | 1 }).team;
    expect(captionOf(shown, seatNames(['You', 'Bot 2', 'Bot 3', 'Bot 4'], 'de', team === 0 ? 0 : 1), 'de')).toMatch(team === 0 ? /Meldungen: \d+ für dich & Bot 3/ : /Meldungen: \d+ für dich & Bot 4/);
    // The reader's team in a sentence agrees with it: no "Vous & Bot 3 marquent", no "für Du".
    expect(captionOf(shown, seatNames(['You', 'Bot 2', 'Bot 3', 'Bot 4'], 'fr', team === 0 ? 0 : 1), 'fr')).toMatch(team === 0 ? /Annonces\u202f: \d+ pour vous & Bot 3/ : /Annonces\u202f: \d+ pour vous & Bot 4/);
    expect(captionOf(shown, seatNames(['You', 'Bot 2', 'Bot 3', 'Bot 4'], 'en', team === 0 ? 0 : 1), 'en')).toMatch(team === 0 ? /Announcements: you & Bot 3 score \d+/ : /Announcements: you & Bot 4 score \d+/);
  });
});

describe('records', () => {
  afterEach(() => sessionStorage.clear());

  it('from a file: parsed with the record schema, kept for the tab, errors named', async () => {
    const rec = botRecord();
    const bad = recordFromText('{"deals":[{"dealer":7,"deck":[],"actions":[]}]}', { kind: 'file', name: 'x.json' });
    expect(bad).toMatchObject({ ok: false, error: 'not-a-record' });
    expect(!bad.ok && bad.detail).toMatch(/deals\[0\]\.dealer/);
    expect(recordFromText('nope', { kind: 'file', name: 'x' })).toMatchObject({ ok: false, error: 'not-a-record' });
    const file = new File([JSON.stringify({ ...rec, players: ['Ann', 'Bob', 'Cid', 7] })], 'game.json', { type: 'application/json' });
    const r = await openRecordFile(file);
    expect(r.ok && r.value.players).toEqual(['Ann', 'Bob', 'Cid', null]);
    expect(r.ok && r.value.record.deals).toHaveLength(rec.deals.length);
    expect(openedRecord()?.source).toEqual({ kind: 'file', name: 'game.json' });
    expect(r.ok && r.value.you).toBeNull();
    // A practice record's `human` (its player's seat) is the seat its replay speaks to; anything else is no seat.
    const practice = recordFromText(JSON.stringify({ ...rec, players: ['You', 'Bot 2', 'Bot 3', 'Bot 4'], human: 0 }), { kind: 'file', name: 'p.json' });
    expect(practice.ok && practice.value.you).toBe(0);
    for (const human of [4, '0', -1, 1.5, null]) expect(recordFromText(JSON.stringify({ ...rec, human }), { kind: 'file', name: 'p.json' })).toMatchObject({ ok: true, value: { you: null } });
    // Only `human` makes a practice record: a table's record downloaded as a file has the same fields,
    // and its player may be called "You" ("Vous", "Du") beside three bots named as a practice's are.
    // Read as a practice, a reader of such a file would be spoken to as that player.
    const saved = (players: unknown, more: object = {}) => recordFromText(JSON.stringify({ ...rec, table: ID, game: 0, players, ...more }), { kind: 'file', name: 'game.json' });
    const youOf = (r: ReturnType<typeof recordFromText>) => (r.ok ? r.value.you : 'not a record');
    for (const word of [en.you, fr.you, de.you].map((w) => w.charAt(0).toUpperCase() + w.slice(1))) {
      const online = saved([word, 'Bot 2', 'Bot 3', 'Bot 4']);
      expect(youOf(online), word).toBeNull();
      expect(online.ok && online.value.players, word).toEqual([word, 'Bot 2', 'Bot 3', 'Bot 4']);
      expect(youOf(saved([word, 'Bot 2', 'Bot 3', 'Bot 4'], { human: 0 })), word).toBe(0);
    }
    expect(youOf(saved(['Bot 1', 'Bot 2', 'Vous', 'Bot 4']))).toBeNull();
    expect(youOf(saved(['Alice', 'Bot 2', 'Bot 3', 'Bot 4'], { human: 0 }))).toBe(0);
    expect(youOf(saved(['You', 'Bot 2', 'Bot 3', 'Bot 4'], { human: null }))).toBeNull();
    expect(youOf(saved(undefined))).toBeNull();
    const ok = vi.fn(async () => new Response(JSON.stringify({ ...rec, table: ID, game: 0, players: ['You', 'Bot 2', 'Bot 3', 'Bot 4'] })));
    const table = await fetchTableRecord(ID, 0, ok as unknown as typeof fetch);
    expect(table.ok && table.value.you).toBeNull();
  });

  it("from the table: the seat this browser played in that game is the reader's, kept for the last tables", async () => {
    localStorage.clear();
    const rec = botRecord();
    const game = (n: number) => vi.fn(async () => new Response(JSON.stringify({ ...rec, table: ID, game: n, players: ['Ann', 'Bob', 'Cid', 'Dee'] })));
    const youIn = async (n: number) => {
      const r = await fetchTableRecord(ID, n, game(n) as unknown as typeof fetch);
      return r.ok ? r.value.you : 'not loaded';
    };
    expect(await youIn(0)).toBeNull();
    rememberMySeat(ID, 0, 2);
    rememberMySeat(ID, 1, 1);
    expect([await youIn(0), await youIn(1), await youIn(2)]).toEqual([2, 1, null]);
    // Another table's game is not this one's; the oldest tables go first beyond the bound.
    expect(mySeatIn('B'.repeat(22), 0)).toBeNull();
    for (let i = 0; i < TABLES - 1; i++) rememberMySeat(`t${i}`, 0, 3);
    expect(mySeatIn(ID, 1)).toBe(1);
    rememberMySeat(ID, 1, 1); // written again: no change, still the oldest
    rememberMySeat('newest', 0, 0);
    expect([mySeatIn(ID, 1), mySeatIn('t0', 0), mySeatIn('newest', 0)]).toEqual([null, 3, 0]);
    expect((JSON.parse(localStorage.getItem('belote:my-seats')!) as unknown[]).length).toBe(TABLES);
    // Whatever else storage holds is no seat.
    for (const junk of ['{', '{"x":1}', '[["x",null],[1,{}]]', `[["${ID}",{"0":"2"}]]`, `[["${ID}",{"0":7}]]`]) {
      localStorage.setItem('belote:my-seats', junk);
      expect(mySeatIn(ID, 0)).toBeNull();
    }
    localStorage.clear();
  });

  it('from the table: the record endpoint, 404 and network errors told apart', async () => {
    const rec = botRecord();
    const ok = vi.fn(async () => new Response(JSON.stringify({ ...rec, table: ID, game: 2, players: ['A', 'B', 'C', 'D'] })));
    const r = await fetchTableRecord(ID, null, ok as unknown as typeof fetch);
    expect(ok).toHaveBeenCalledWith(`/api/tables/${ID}/record`);
    expect(r.ok && r.value.source).toEqual({ kind: 'table', table: ID, game: 2 });
    const missing = async () => new Response('{"error":{"code":"NOT_FOUND","message":"no"}}', { status: 404 });
    expect(await fetchTableRecord(ID, 5, missing as unknown as typeof fetch)).toEqual({ ok: false, error: 'not-found' });
    const down = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await fetchTableRecord(ID, 0, down as unknown as typeof fetch)).toMatchObject({ ok: false, error: 'network' });
  });
});

describe('the analysis cache', () => {
  afterEach(() => localStorage.clear());
  const fake = (deal: number): DealAnalysis => ({ version: ANALYSIS_VERSION, deal, stake: 162, scale: 1, decisions: [], evaluation: [1.23456, null], seats: [0, 1, 2, 3].map(() => ({ givenAway: 1.25, decisions: 1, accurate: 1 })) as DealAnalysis['seats'] });

  it('is keyed by the game, not by names or salts, and stamps each deal with all it depends on', () => {
    const rec = botRecord();
    expect(rec.deals.length).toBeGreaterThanOrEqual(3);
    const same = { ...structuredClone(rec), players: ['X'] } as GameRecord;
    same.deals[0]!.salt = 'other';
    expect(recordKey(same)).toBe(recordKey(rec));
    expect(dealStamps(same)).toEqual(dealStamps(rec));
    const other = structuredClone(rec);
    other.deals[0]!.dealer = ((other.deals[0]!.dealer + 1) & 3) as 0;
    expect(recordKey(other)).not.toBe(recordKey(rec));
    // The same game read mid-game: same key, the same stamps for the deals it has.
    const earlier = { ...rec, deals: rec.deals.slice(0, 2) };
    expect(recordKey(earlier)).toBe(recordKey(rec));
    expect(dealStamps(earlier)).toEqual(dealStamps(rec).slice(0, 2));
    // A deal's stamp covers the deals before it: a change in deal 1 changes every stamp from 1 on.
    const changed = structuredClone(rec);
    changed.deals[1]!.actions = changed.deals[1]!.actions.slice(0, -1);
    const [a, b] = [dealStamps(rec), dealStamps(changed)];
    expect(b[0]).toBe(a[0]);
    for (let i = 1; i < a.length; i++) expect(b[i]).not.toBe(a[i]);
  });

  it('stores rounded analyses and keeps only the most recent records', () => {
    const stamps = ['s0', 's1'];
    saveAnalyses('belote:analysis:a', [fake(0), fake(1)], stamps);
    const back = loadAnalyses('belote:analysis:a', stamps);
    expect([...back.keys()]).toEqual([0, 1]);
    expect(back.get(0)!.evaluation[0]).toBe(1.2);
    for (let i = 0; i < MAX_RECORDS + 3; i++) saveAnalyses(`belote:analysis:k${i}`, [fake(0)], stamps);
    const kept = Object.keys(localStorage).filter((k) => /^belote:analysis:(a|k\d+)$/.test(k));
    expect(kept).toHaveLength(MAX_RECORDS);
    expect(loadAnalyses('belote:analysis:a', stamps).size).toBe(0);
    expect(loadAnalyses(`belote:analysis:k${MAX_RECORDS + 2}`, stamps).size).toBe(1);
  });

  it('keeps the analyses of a game read mid-game for its longer record, deal by deal', () => {
    const rec = botRecord();
    const key = recordKey(rec);
    const stamps = dealStamps(rec);
    // Read with two deals finished: both analysed and stored.
    saveAnalyses(key, [fake(0), fake(1)], stamps.slice(0, 2));
    // The whole game later: the two come back, the rest is to analyse.
    expect([...loadAnalyses(key, stamps).keys()]).toEqual([0, 1]);
    // Its third deal analysed later is stored beside them (not instead of them).
    saveAnalyses(key, [fake(2)], stamps);
    expect([...loadAnalyses(key, stamps).keys()]).toEqual([0, 1, 2]);
    // A deal whose stamp differs (another game sharing the first deal) is not taken.
    expect([...loadAnalyses(key, [stamps[0]!, 'other', 'other']).keys()]).toEqual([0]);
  });
});

describe('the worker loop', () => {
  it('analyses the requested deals, the prioritized one first, and reports progress', async () => {
    const rec = botRecord('host', 1000);
    const tl = replayTimeline(rec);
    const want = tl.deals.slice(0, 3).map((d) => d.index);
    const got: FromWorker[] = [];
    let done!: () => void;
    const finished = new Promise<void>((r) => (done = r));
    const send = analysisHost((m) => {
      got.push(m);
      if (m.type === 'idle') done();
    });
    send({ type: 'start', id: 7, record: rec, deals: want, budget: { samples: 2, minSamples: 1, nodes: 300_000, markSamples: 2, bidSamples: 2 } });
    send({ type: 'prioritize', id: 7, deal: want[2]! });
    await finished;
    const deals = got.filter((m) => m.type === 'deal').map((m) => (m.type === 'deal' ? m.analysis.deal : -1));
    expect(deals).toEqual([want[2], want[0], want[1]]);
    expect(got.some((m) => m.type === 'progress' && m.done === m.total)).toBe(true);
    expect(got.every((m) => m.id === 7)).toBe(true);
  }, 30_000);
});

import { newGame, randomPolicy, seededRng, shuffledDeck, startDeal, viewFor, apply, SEATS, type GameState } from '@belote/rules';
import { describe, expect, it } from 'vitest';
import { ActionSchemas, CreateTableRequestSchema, REACTIONS, GameEventSchema, GameViewSchema, HandshakeSchema, ClientEventSchemas, DisplayNameSchema, TableIdSchema, cleanDisplayName, clientEventSchema, displayNameProblem, issuesText } from './index.js';

describe('outbound schemas', () => {
  it.each([['classic', {}], ['coinche', { variant: 'coinche' as const }]] as const)('parse every view and event of simulated %s games, and reject an extra field', (_, rules) => {
    const rng = seededRng('protocol-test');
    let state: GameState = newGame({ ...rules, target: 1000, announcements: true });
    let dealer = 0 as 0 | 1 | 2 | 3;
    let checked = 0;
    while (state.winner === null && state.deals.length < 40) {
      const s = startDeal(state, dealer, shuffledDeck(rng));
      if (!s.ok) throw new Error(s.error.message);
      for (const e of s.events) expect(GameEventSchema.safeParse(e).success).toBe(true);
      state = s.state;
      dealer = ((dealer + 1) & 3) as 0 | 1 | 2 | 3;
      for (;;) {
        for (const v of [...SEATS, 'spectator' as const]) expect(GameViewSchema.safeParse(viewFor(state, v)).success).toBe(true);
        const deal = state.deals[state.deals.length - 1]!;
        if (deal.phase === 'over') break;
        const action = randomPolicy(state, deal.turn!, rng);
        const r = apply(state, action);
        if (!r.ok) throw new Error(r.error.message);
        for (const e of r.events) {
          const p = GameEventSchema.safeParse(e);
          if (!p.success) throw new Error(JSON.stringify(e) + p.error.message);
        }
        state = r.state;
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
    const leaky = { ...viewFor(state, 0), deck: ['JH'] };
    expect(GameViewSchema.safeParse(leaky).success).toBe(false);
  });
});

describe('inbound schemas', () => {
  it('reject bad settings naming the field', () => {
    const r = CreateTableRequestSchema.safeParse({ rules: { target: 200 } });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['rules', 'target']);
    expect(CreateTableRequestSchema.safeParse({ rules: { target: 301 }, options: { turnTimerSeconds: 4 } }).success).toBe(false);
    expect(CreateTableRequestSchema.safeParse({ colour: 'red' }).success).toBe(false);
    expect(CreateTableRequestSchema.safeParse({}).success).toBe(true);
  });
  it('validate names, ids, handshakes and actions', () => {
    expect(DisplayNameSchema.parse('  Zoé ')).toBe('Zoé');
    expect(DisplayNameSchema.safeParse('<script>').success).toBe(false);
    expect(DisplayNameSchema.safeParse('x'.repeat(25)).success).toBe(false);
    expect(TableIdSchema.safeParse('A'.repeat(22)).success).toBe(true);
    expect(TableIdSchema.safeParse('A'.repeat(21)).success).toBe(false);
    expect(HandshakeSchema.safeParse({ protocolVersion: 1, tableId: 'A'.repeat(22), extra: 1 }).success).toBe(false);
    expect(ClientEventSchemas.action.safeParse({ version: 3, action: { type: 'play', card: 'JH' } }).success).toBe(true);
    expect(ClientEventSchemas.action.safeParse({ version: 3, action: { type: 'play', card: '1H' } }).success).toBe(false);
    expect(ClientEventSchemas.action.safeParse({ version: 3, action: { type: 'play', card: 'JH', seat: 2 } }).success).toBe(false);
  });
  it("unseat: the seat to free (0-3), and nothing else", () => {
    const unseat = clientEventSchema('unseat', 'coinche');
    expect(unseat).toBe(ClientEventSchemas.unseat);
    expect(unseat.safeParse({ seat: 3 }).success).toBe(true);
    for (const bad of [{}, { seat: 4 }, { seat: -1 }, { seat: 1.5 }, { seat: '1' }, { seat: 1, token: 'x' }, null]) expect(unseat.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    expect(issuesText(ClientEventSchemas.unseat.safeParse({ seat: 9 }).error!, 'unseat')).toBe('unseat.seat: not a seat (0-3): 9');
  });
  it('names: one reason per refusal; no name without a letter or digit; any space kind is a plain one; NFC', () => {
    const reasons = (raw: string) => {
      const r = DisplayNameSchema.safeParse(raw);
      return r.success ? 'ok' : r.error.issues.map((i) => i.message);
    };
    for (const raw of ['...', '-_-', "'", '\u0301', '\u0301\u0301', ' . ']) expect(reasons(raw), JSON.stringify(raw)).toEqual(['name must hold a letter or a digit']);
    for (const raw of ['', '   ', '\u00a0\u202f', '\u3000']) expect(reasons(raw), JSON.stringify(raw)).toEqual(['name is empty']);
    expect(reasons('<'.repeat(25))).toEqual(['name is longer than 24 characters']);
    expect(reasons('\u0958'.repeat(13))).toEqual(['name is longer than 24 characters']); // NFC: each क़ is क + ◌़
    expect(reasons('<b>')).toEqual(["name may hold letters, digits, spaces and . ' _ -"]);
    // no-break spaces (a phone's, a French keyboard's), thin, ideographic: a plain space; a run is one
    expect(DisplayNameSchema.parse('Jean\u00a0Paul')).toBe('Jean Paul');
    expect(DisplayNameSchema.parse('\u202fJean \u202f\u3000 Paul\u00a0')).toBe('Jean Paul');
    // composed: é typed as e + U+0301 is the one character é, and counts as one
    expect(DisplayNameSchema.parse('Zoe\u0301')).toBe('Zo\u00e9');
    expect(DisplayNameSchema.parse('e\u0301'.repeat(24))).toBe('\u00e9'.repeat(24));
    expect(DisplayNameSchema.parse('R2-D2')).toBe('R2-D2');
    // a phone's smart apostrophe (and the modifier letter) is the straight one
    expect(DisplayNameSchema.parse('N\u2019Diaye')).toBe("N'Diaye");
    expect(DisplayNameSchema.parse('O\u02bcBrien')).toBe("O'Brien");
    expect(reasons('\u2019')).toEqual(['name must hold a letter or a digit']);
    expect(DisplayNameSchema.parse('李')).toBe('李');
    // the web client's fields use the same rule (zod-free)
    expect(displayNameProblem(cleanDisplayName('Jean\u00a0Paul'))).toBeNull();
    expect(displayNameProblem(cleanDisplayName('...'))).toBe('name must hold a letter or a digit');
    // through an event payload: the field is named once
    const sit = ClientEventSchemas.sit.safeParse({ seat: 0, name: ' ' });
    expect(sit.success ? '' : issuesText(sit.error)).toBe('name: name is empty');
  });
  it('take each variant its own targets, with its default when none is given', () => {
    const problem = (body: unknown) => {
      const r = CreateTableRequestSchema.safeParse(body);
      return r.success ? null : issuesText(r.error);
    };
    expect(problem({ rules: { variant: 'coinche' } })).toBeNull();
    for (const target of [501, 1000, 1001, 2000, 3000]) expect(problem({ rules: { variant: 'coinche', target } })).toBeNull();
    for (const target of [1000, 501, 301, 1001]) expect(problem({ rules: { variant: 'classic', target } })).toBeNull();
    expect(problem({ rules: { variant: 'coinche', target: 301 } })).toBe('rules.target: must be one of 2000, 501, 1000, 1001, 3000 in coinche, got 301');
    expect(problem({ rules: { target: 2000 } })).toBe('rules.target: must be one of 1000, 501, 301, 1001 in classic, got 2000');
    expect(problem({ rules: { variant: 'classic', target: 3000 } })).toBe('rules.target: must be one of 1000, 501, 301, 1001 in classic, got 3000');
    expect(problem({ rules: { target: 200 } })).toBe('rules.target: must be one of 1000, 501, 301, 1001, 2000, 3000, got 200');
    expect(problem({ rules: { variant: 'belote' } })).toBe('rules.variant: must be one of classic, coinche, got "belote"');
    expect(problem({ rules: { variant: null } })).toMatch(/^rules\.variant: /);
  });
  it("accept at each table its variant's moves only, naming the field", () => {
    const at = (variant: 'classic' | 'coinche', action: unknown) => {
      const r = clientEventSchema('action', variant).safeParse({ version: 1, action });
      return r.success ? null : issuesText(r.error, 'action');
    };
    for (const a of [{ type: 'pass' }, { type: 'bid', value: 80, suit: 'H' }, { type: 'bid', value: 'capot', suit: 'C' }, { type: 'coinche' }, { type: 'surcoinche' }, { type: 'play', card: 'JH' }])
      expect(at('coinche', a), JSON.stringify(a)).toBeNull();
    for (const a of [{ type: 'pass' }, { type: 'take' }, { type: 'take', suit: 'S' }, { type: 'play', card: '10D' }]) expect(at('classic', a), JSON.stringify(a)).toBeNull();
    expect(at('coinche', { type: 'take' })).toBe('action.action.type: a coinche table takes pass, bid, coinche, surcoinche, play, got "take"');
    for (const type of ['bid', 'coinche', 'surcoinche'])
      expect(at('classic', { type, value: 80, suit: 'H' })).toBe(`action.action.type: a classic table takes pass, take, play, got "${type}"`);
    // A move that is not an object is quoted, not reported as missing.
    expect(at('coinche', 'pass')).toBe('action.action: a coinche table takes pass, bid, coinche, surcoinche, play, got "pass"');
    expect(at('classic', null)).toBe('action.action: a classic table takes pass, take, play, got null');
    expect(at('coinche', 5)).toMatch(/^action\.action: .*, got 5$/);
    expect(at('coinche', ['pass'])).toMatch(/^action\.action: .*, got an array$/);
    expect(at('coinche', {})).toBe('action.action.type: a coinche table takes pass, bid, coinche, surcoinche, play, got nothing');
    expect(at('coinche', { type: 'bid', value: 85, suit: 'H' })).toBe('action.action.value: must be one of 80, 90, 100, 110, 120, 130, 140, 150, 160, "capot", got 85');
    expect(at('coinche', { type: 'bid', value: '90', suit: 'H' })).toMatch(/^action\.action\.value: must be one of .*, got "90"$/);
    expect(at('coinche', { type: 'bid', value: 90 })).toMatch(/^action\.action\.suit: /);
    expect(at('coinche', { type: 'bid', value: 90, suit: 'H', seat: 1 })).toMatch(/unknown field "seat"/);
    expect(at('coinche', { type: 'coinche', value: 90 })).toMatch(/unknown field "value"/);
    // The event schema of the union accepts any variant's move; the variant's schema decides at a table.
    expect(ClientEventSchemas.action.safeParse({ version: 0, action: { type: 'bid', value: 90, suit: 'S' } }).success).toBe(true);
    expect(ActionSchemas.classic.safeParse({ type: 'surcoinche' }).success).toBe(false);
    expect(clientEventSchema('sit', 'coinche')).toBe(ClientEventSchemas.sit);
  });
  it("take the host's settings between games: the variant's targets, never the variant, partial changes", () => {
    const at = (variant: 'classic' | 'coinche', payload: unknown) => {
      const r = clientEventSchema('settings', variant).safeParse(payload);
      return r.success ? null : issuesText(r.error, 'settings');
    };
    for (const p of [{}, { rules: {} }, { rules: { target: 501, tie: 'dedans' } }, { options: { turnTimerSeconds: null } }, { rules: { direction: 'clockwise' }, options: { fillWithBots: true, botLevel: 'strong' } }])
      expect(at('classic', p), JSON.stringify(p)).toBeNull();
    expect(at('coinche', { rules: { target: 3000 } })).toBeNull();
    expect(at('classic', { rules: { target: 2000 } })).toBe('settings.rules.target: must be one of 1000, 501, 301, 1001 in classic, got 2000');
    expect(at('coinche', { rules: { target: 301 } })).toBe('settings.rules.target: must be one of 2000, 501, 1000, 1001, 3000 in coinche, got 301');
    expect(at('classic', { rules: { variant: 'coinche' } })).toBe('settings.rules: unknown field "variant"');
    expect(at('classic', { options: { turnTimerSeconds: 2 } })).toMatch(/^settings\.options\.turnTimerSeconds: /);
    expect(at('classic', { seats: [] })).toMatch(/unknown field "seats"/);
  });
});

describe('a value outside a list is refused in the house form, not zod\'s own text', () => {
  const refusal = (schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, value: unknown, prefix = '') => {
    const r = schema.safeParse(value);
    return r.success ? 'accepted' : issuesText(r.error as Parameters<typeof issuesText>[0], prefix);
  };
  it('a bot level, a reaction', () => {
    expect(refusal(ClientEventSchemas.addBot, { seat: 1, level: 'hard' }, 'addBot')).toBe('addBot.level: must be one of easy, normal, strong, got "hard"');
    expect(refusal(CreateTableRequestSchema, { options: { botLevel: 3 } })).toBe('options.botLevel: must be one of easy, normal, strong, got 3');
    expect(refusal(ClientEventSchemas.react, { reaction: 'boo' }, 'react')).toBe(`react.reaction: must be one of ${REACTIONS.join(', ')}, got "boo"`);
  });
});

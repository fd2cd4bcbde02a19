import { newGame, randomPolicy, seededRng, shuffledDeck, startDeal, viewFor, apply, SEATS, type GameState } from '@belote/rules';
import { describe, expect, it } from 'vitest';
import { CreateTableRequestSchema, GameEventSchema, GameViewSchema, HandshakeSchema, ClientEventSchemas, DisplayNameSchema, TableIdSchema } from './index.js';

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
});

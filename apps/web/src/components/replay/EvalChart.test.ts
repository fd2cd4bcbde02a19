/**
 * The evaluation chart's readout: the chart plots team 0 minus team 1, so the words name the team
 * ahead and the size of its lead, with no sign a reader would set against the line's side of zero.
 */
import { render } from '@testing-library/svelte';
import type { DealAnalysis } from '@belote/bots';
import { replayTimeline } from '@belote/rules';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { prefs } from '../../lib/prefs.svelte.js';
import type { Names } from '../../lib/replay/describe.js';
import { botRecord } from '../../../test/records.js';
import { stubResizeObserver } from '../../../test/resize-observer.js';
import EvalChart from './EvalChart.svelte';

beforeAll(() => stubResizeObserver(() => 360));
afterAll(() => vi.unstubAllGlobals());

const deal = replayTimeline(botRecord('replay')).deals[0]!;
const firstCard = deal.frames.findIndex((f) => f.action?.type === 'play');
const names: Names = ['Ann', 'Dom', 'Bea', 'Cyril'];
const teams: [string, string] = ['Ann & Bea', 'Dom & Cyril'];

/** The readout at `step`, every position worth `value` to team 0. */
function readout(step: number, value: number, lang: 'en' | 'fr' | 'de' = 'en'): string {
  prefs.setLang(lang);
  const evaluation = deal.frames.map((_, i) => (i >= firstCard - 1 ? value : null));
  const analysis = { evaluation, decisions: [] } as unknown as DealAnalysis;
  const { getByTestId, unmount } = render(EvalChart, { props: { deal, analysis, step, names, teams, onpick: () => {} } });
  const text = getByTestId('eval-readout').textContent!;
  unmount();
  return text;
}

describe('the evaluation readout', () => {
  it('names the team ahead and its lead, unsigned, on either side of zero', () => {
    expect(readout(firstCard, -124)).toMatch(/^After .+’s .+ \(trick 1\): Dom & Cyril ahead by 124$/);
    expect(readout(firstCard, 37)).toMatch(/: Ann & Bea ahead by 37$/);
    expect(readout(firstCard - 1, -60)).toBe('After the bids: Dom & Cyril ahead by 60');
    expect(readout(firstCard - 1, 0)).toBe('After the bids: even');
    expect(readout(firstCard, -124, 'fr')).toMatch(/: Dom & Cyril en tête de 124$/);
    expect(readout(firstCard - 1, -124, 'de')).toBe('Nach den Geboten: Vorsprung von 124 für Dom & Cyril');
    for (const lang of ['en', 'fr', 'de'] as const) expect(readout(firstCard, -124, lang)).not.toMatch(/[+−-]\s?124/);
  });
});

/**
 * PROTOCOL.md §13 as an auditor reads it: every integer variable's documented range `[min–max]`
 * is what the server accepts at start — both ends pass, one beyond either end is refused.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

const doc = readFileSync(new URL('../../../docs/PROTOCOL.md', import.meta.url), 'utf8');
const section = doc.slice(doc.indexOf('## 13. Server configuration'), doc.indexOf('## 14.'));
const ranges = [...section.matchAll(/^\| `([A-Z_]+)` \|[^\n]*\[(\d+)–(\d+)[;\]]/gm)]
  .map(([, name, min, max]) => ({ name: name!, min: Number(min), max: Number(max) }))
  .filter((r) => r.name !== 'BOT_STRONG_BUDGET'); // a JSON value: its own test below

describe('§13 documented ranges', () => {
  it('lists a range for the integer variables', () => {
    expect(ranges.map((r) => r.name)).toEqual(
      expect.arrayContaining(['PORT', 'DATABASE_POOL_SIZE', 'BOT_DELAY_MS', 'BOT_WORKERS', 'DEAL_PAUSE_MS', 'GRACE_MS', 'RATE_LIMIT_EVENTS', 'RATE_LIMIT_ADDRESS_EVENTS', 'MAX_SOCKETS_PER_TABLE', 'MAX_SOCKETS_PER_ADDRESS', 'CREATE_LIMIT_PER_MINUTE', 'TURN_SECOND_MS']),
    );
  });

  it.each(ranges)('$name accepts $min and $max, refuses one beyond', ({ name, min, max }) => {
    for (const ok of [min, max]) expect(() => loadConfig({ [name]: String(ok) }), `${name}=${ok}`).not.toThrow();
    for (const bad of [min - 1, max + 1]) expect(() => loadConfig({ [name]: String(bad) }), `${name}=${bad}`).toThrow(name);
  });

  it('the retention durations take fractions above 0 up to 1000000', () => {
    for (const name of ['FINISHED_RETENTION_HOURS', 'IDLE_RETENTION_HOURS', 'EXPIRY_SWEEP_MINUTES']) {
      expect(() => loadConfig({ [name]: '0.001' })).not.toThrow();
      expect(() => loadConfig({ [name]: '1000000' })).not.toThrow();
      expect(() => loadConfig({ [name]: '0' })).toThrow(name);
      expect(() => loadConfig({ [name]: '1000001' })).toThrow(name);
    }
  });

  it('every number is in decimal digits: the durations refuse 0x10, 1e3, +1 like the integers do', () => {
    expect(section).toContain('every number in decimal digits (`0x10`, `1e3` or `+1` are refused)');
    for (const name of ['FINISHED_RETENTION_HOURS', 'IDLE_RETENTION_HOURS', 'EXPIRY_SWEEP_MINUTES']) {
      // Number() would read these as 16, 1000, 1, 2, 1 and 0.5 hours or minutes
      for (const bad of ['0x10', '1e3', '+1', ' 2', '0b1', '.5', 'Infinity']) expect(() => loadConfig({ [name]: bad }), `${name}=${JSON.stringify(bad)}`).toThrow(name);
      expect(loadConfig({ [name]: '0.5' })).toMatchObject({ [name.toLowerCase().replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())]: 0.5 });
    }
  });

  it('BOT_STRONG_BUDGET: the documented fields and bounds', () => {
    expect(() => loadConfig({ BOT_STRONG_BUDGET: '{"samples":1,"nodes":1000,"bidSamples":1000,"timeMs":60000}' })).not.toThrow();
    for (const bad of ['{"samples":0}', '{"nodes":999}', '{"timeMs":60001}', '{"other":1}', 'not json'])
      expect(() => loadConfig({ BOT_STRONG_BUDGET: bad }), bad).toThrow('BOT_STRONG_BUDGET');
  });
});

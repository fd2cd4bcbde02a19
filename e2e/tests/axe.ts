/**
 * axe-core in real Chromium: the library's own script is injected into the page (the
 * browser context needs `bypassCSP`, the server's CSP allows no inline script) and run
 * with every rule, experimental ones included (label-content-name-mismatch is one).
 */
import path from 'node:path';
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { resize } from './browser.js';

export type Impact = 'minor' | 'moderate' | 'serious' | 'critical';

export interface Finding {
  id: string;
  impact: Impact;
  help: string;
  /** CSS selectors of the offending elements (at most five). */
  targets: string[];
  /** How many elements in all. */
  count: number;
}

/**
 * What axe-core finds on the page as it is now: its violations, and what it could not decide
 * (`incomplete`: mostly contrast over gradients, translucent layers and overlapping elements,
 * measured by hand once, docs in e2e/README.md; they fail no test, they are printed).
 */
export async function axeResults(page: Page): Promise<{ violations: Finding[]; incomplete: Finding[] }> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axe.source });
  return page.evaluate(async () => {
    const a = (window as unknown as { axe: typeof axe }).axe;
    const rules = Object.fromEntries(a.getRules().map((r) => [r.ruleId, { enabled: true }]));
    const res = await a.run(document, { rules, resultTypes: ['violations', 'incomplete'] });
    const findings = (list: typeof res.violations): Finding[] =>
      list.map((v) => ({
        id: v.id,
        impact: (v.impact ?? 'minor') as Impact,
        help: v.help,
        targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
        count: v.nodes.length,
      }));
    return { violations: findings(res.violations), incomplete: findings(res.incomplete) };
  });
}

/** The violations axe-core finds on the page as it is now. */
export async function axeFindings(page: Page): Promise<Finding[]> {
  return (await axeResults(page)).violations;
}

/** Lesser findings that were reported once and fixed: kept out for good. */
const FIXED = new Set(['page-has-heading-one', 'landmark-one-main', 'region', 'empty-table-header']);

/** What fails a test: any serious or critical violation, and the fixed lesser ones. */
export const blocking = (f: Finding): boolean => f.impact === 'serious' || f.impact === 'critical' || FIXED.has(f.id);

export function describeFindings(findings: Finding[]): string {
  return findings.map((f) => `  [${f.impact}] ${f.id}: ${f.help}\n      ${f.targets.join('\n      ')}`).join('\n');
}

/** The two sizes every screen is checked at. */
export const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;
export type Size = keyof typeof SIZES;

/** What axe found on one screen at one size. */
export interface ScreenFindings {
  screen: string;
  size: Size;
  findings: Finding[];
  /** What axe could not decide (when asked for). */
  incomplete?: Finding[];
}

/** One screen's line: its violations in full, its undecided checks counted by rule. */
export function describeScreen({ screen, size, findings, incomplete }: ScreenFindings): string {
  const undecided = incomplete?.length ? `; undecided ${incomplete.reduce((n, f) => n + f.count, 0)} (${incomplete.map((f) => `${f.id} ${f.count}`).join(', ')})` : '';
  return `${screen} @ ${size}: ${findings.length === 0 ? 'no violations' : `${findings.length} violations`}${undecided}${findings.length ? `\n${describeFindings(findings)}` : ''}`;
}

/**
 * axe-core and a screenshot `dir/<screen>-<size>.png` of `page` at both sizes (after `extra`
 * at each), then back to `home` size. Blocking findings fail softly (the test goes on);
 * everything found is pushed to `found` for printing.
 */
export async function auditScreen(page: Page, dir: string, screen: string, home: Size, found: ScreenFindings[], extra?: (size: Size) => Promise<void>): Promise<void> {
  for (const size of ['phone', 'desktop'] as const) {
    await resize(page, SIZES[size]);
    await extra?.(size);
    const { violations: findings, incomplete } = await axeResults(page);
    found.push({ screen, size, findings, incomplete });
    await page.screenshot({ path: path.join(dir, `${screen}-${size}.png`) });
    expect.soft(findings.filter(blocking), `${screen} @ ${size}:\n${describeFindings(findings.filter(blocking))}`).toEqual([]);
  }
  await page.setViewportSize(SIZES[home]);
}

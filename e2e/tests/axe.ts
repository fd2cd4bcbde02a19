/**
 * axe-core in real Chromium: the library's own script is injected into the page (the
 * browser context needs `bypassCSP`, the server's CSP allows no inline script) and run
 * with every rule, experimental ones included (label-content-name-mismatch is one).
 */
import axe from 'axe-core';
import type { Page } from 'playwright-core';

export type Impact = 'minor' | 'moderate' | 'serious' | 'critical';

export interface Finding {
  id: string;
  impact: Impact;
  help: string;
  /** CSS selectors of the offending elements (at most five). */
  targets: string[];
}

/** The violations axe-core finds on the page as it is now. */
export async function axeFindings(page: Page): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axe.source });
  return page.evaluate(async () => {
    const a = (window as unknown as { axe: typeof axe }).axe;
    const rules = Object.fromEntries(a.getRules().map((r) => [r.ruleId, { enabled: true }]));
    const res = await a.run(document, { rules, resultTypes: ['violations'] });
    return res.violations.map((v) => ({
      id: v.id,
      impact: (v.impact ?? 'minor') as Impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
  });
}

/** Lesser findings that were reported once and fixed: kept out for good. */
const FIXED = new Set(['page-has-heading-one', 'landmark-one-main', 'region', 'empty-table-header']);

/** What fails a test: any serious or critical violation, and the fixed lesser ones. */
export const blocking = (f: Finding): boolean => f.impact === 'serious' || f.impact === 'critical' || FIXED.has(f.id);

export function describeFindings(findings: Finding[]): string {
  return findings.map((f) => `  [${f.impact}] ${f.id}: ${f.help}\n      ${f.targets.join('\n      ')}`).join('\n');
}

/** Small statistics helpers for the benchmark reports. */

export function quantile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

export function median(xs: readonly number[]): number {
  return quantile([...xs].sort((a, b) => a - b), 0.5);
}

export interface LatencySummary {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export function summarize(xs: number[]): LatencySummary {
  const s = xs.slice().sort((a, b) => a - b);
  return { count: s.length, p50: quantile(s, 0.5), p99: quantile(s, 0.99), max: s[s.length - 1] ?? NaN };
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

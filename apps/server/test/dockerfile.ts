/**
 * A Dockerfile read into its stages and instructions, so the production test can run what the
 * image runs (its runtime stage's environment, working directory, user, command, health check and
 * stop signal) on a deploy without Docker. Continuation lines are joined, comments dropped.
 */
export interface Instruction {
  op: string;
  args: string;
}

export interface Stage {
  name: string | null;
  from: string;
  instructions: Instruction[];
}

export function readDockerfile(text: string): Stage[] {
  const lines = text.replace(/\\\r?\n/g, ' ').split(/\r?\n/);
  const stages: Stage[] = [];
  for (const line of lines) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const m = /^(\S+)\s*(.*)$/.exec(trimmed)!;
    const op = m[1]!.toUpperCase();
    const args = m[2]!.replace(/\s+/g, ' ').trim();
    if (op === 'FROM') {
      const [from, as, name] = args.split(' ');
      stages.push({ from: from!, name: as?.toUpperCase() === 'AS' ? name! : null, instructions: [] });
    } else stages.at(-1)!.instructions.push({ op, args });
  }
  return stages;
}

/** The last instruction `op` of a stage, or undefined. */
export const last = (s: Stage, op: string): string | undefined => s.instructions.findLast((i) => i.op === op)?.args;

/** ENV KEY=VALUE … (quoted values allowed) of a stage, in order. */
export function envOf(s: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const i of s.instructions.filter((x) => x.op === 'ENV'))
    for (const [, k, v] of i.args.matchAll(/(\w+)=("(?:[^"\\]|\\.)*"|\S*)/g)) env[k!] = v!.startsWith('"') ? (JSON.parse(v!) as string) : v!;
  return env;
}

/** An exec-form command (`["node", "dist/main.js"]`). */
export function execForm(args: string): string[] {
  const parsed: unknown = JSON.parse(args);
  if (!Array.isArray(parsed) || !parsed.every((x) => typeof x === 'string')) throw new Error(`not an exec-form command: ${args}`);
  return parsed as string[];
}

/** The shell command of `HEALTHCHECK [options] CMD <command>`. */
export const healthCommand = (args: string): string => args.slice(args.indexOf(' CMD ') + 5);

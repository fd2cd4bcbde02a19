import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findTool, onCi, requireTool, type ToolSpec } from './tools.js';

const dir = mkdtempSync(path.join(tmpdir(), 'belote-tools-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const exe = path.join(dir, 'fake-browser');
writeFileSync(exe, '#!/bin/sh\n');
chmodSync(exe, 0o755);
writeFileSync(path.join(dir, 'not-executable'), '');

const spec: ToolSpec = { name: 'Fake', env: 'FAKE_PATH', commands: ['nope', 'fake-browser'], hint: 'apt-get install fake' };

describe('finding a system tool', () => {
  it('takes the variable when set, else the first command found on PATH, else null', () => {
    expect(findTool(spec, { FAKE_PATH: exe, PATH: '' })).toBe(exe);
    expect(findTool(spec, { PATH: `/nonexistent${path.delimiter}${dir}` })).toBe(exe);
    expect(findTool({ ...spec, commands: ['not-executable'] }, { PATH: dir })).toBeNull();
    expect(findTool(spec, { PATH: '/nonexistent' })).toBeNull();
    expect(findTool({ ...spec, paths: [exe] }, { PATH: '' })).toBe(exe);
  });

  it('refuses a variable that names no executable (it was asked for by name)', () => {
    expect(() => findTool(spec, { FAKE_PATH: path.join(dir, 'not-executable') })).toThrow(/FAKE_PATH=.* is not an executable file/);
  });

  it('when missing: one line naming what is skipped and how to get the tool, once per tool; under CI an error', () => {
    const lines: string[] = [];
    const missing = { ...spec, name: 'Fake2', needed: 'fake tests' };
    expect(requireTool(missing, { PATH: '' }, (l) => lines.push(l))).toBeNull();
    expect(requireTool(missing, { PATH: '' }, (l) => lines.push(l))).toBeNull();
    expect(lines).toEqual(['skipped: the fake tests — Fake2 not found: set FAKE_PATH, or apt-get install fake']);
    expect(() => requireTool(missing, { PATH: '', CI: 'true' }, (l) => lines.push(l))).toThrow(/Fake2 not found: .*apt-get install fake \(CI=true: the fake tests must run\)/);
    expect(requireTool(spec, { PATH: dir, CI: 'true' })).toBe(exe);
  });

  it('CI is any value of CI but false and 0', () => {
    expect([undefined, '', 'false', 'FALSE', '0'].map((CI) => onCi({ CI }))).toEqual([false, false, false, false, false]);
    expect(['true', '1', 'yes'].map((CI) => onCi({ CI }))).toEqual([true, true, true]);
  });
});

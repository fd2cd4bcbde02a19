import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { notWritable } from './data-dir.js';

const dir = mkdtempSync(join(tmpdir(), 'belote-datadir-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('notWritable: the advice fits the cause', () => {
  const file = join(dir, 'belote.sqlite');
  writeFileSync(file, '');

  it('a full disk says so, with no chown', () => {
    const msg = notWritable(file, Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' })).message;
    expect(msg).toBe(`${file} cannot be written (database or disk is full): the disk is full; free space on its file system`);
  });

  it('a file the server already owns (or a server run as root): the mount or the mode, not chown', () => {
    const msg = notWritable(file, Object.assign(new Error('attempt to write a readonly database'), { code: 'SQLITE_READONLY' })).message;
    expect(msg).toMatch(new RegExp(`^${file} cannot be written \\(attempt to write a readonly database\\): the server runs as uid ${process.getuid!()}\\b.*, which may write it; check the file system is not mounted read-only, and the file's mode \\(chmod u\\+w ${file}\\)$`));
    expect(msg).not.toContain('chown');
  });

  it('a damaged file is reported as damaged', () => {
    expect(notWritable(file, Object.assign(new Error('file is not a database'), { code: 'SQLITE_NOTADB' })).message).toMatch(/is damaged or is not a SQLite database/);
  });
});

/**
 * Test support for running programs as another user from root (the server as `nobody`, the
 * test PostgreSQL as `postgres`): that user must be able to reach the files. A checkout or a
 * Node install under a private directory (`mktemp -d` makes mode 700, so is /root) is not
 * reachable, so grant search permission (x, never read) to others on every directory above `path`.
 */
import { chmodSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

export function letOtherUsersReach(path: string): void {
  let dir = dirname(path);
  for (;;) {
    const mode = statSync(dir).mode;
    if ((mode & 0o001) === 0) chmodSync(dir, (mode & 0o7777) | 0o001);
    const up = dirname(dir);
    if (up === dir) return;
    dir = up;
  }
}

import { describe, expect, it, vi } from 'vitest';

// Any module of the client entry's graph that imports zod would hit this.
vi.mock('zod', () => {
  throw new Error('zod was loaded');
});

describe('@belote/protocol/client', () => {
  it('loads without zod: constants, the fold and the rules it needs', async () => {
    const m = await import('./client.js');
    expect(m.PROTOCOL_VERSION).toBe(3);
    expect(m.BOT_LEVELS).toEqual(['easy', 'normal', 'strong']);
    expect(m.ERROR_CODES).toContain('STALE_VERSION');
    expect(typeof m.applyStep).toBe('function');
    expect(typeof m.applyPresence).toBe('function');
    expect(typeof m.applyChatEntry).toBe('function');
    expect(m.REACTIONS).toContain('wellPlayed');
    expect(m.CHAT_MAX_CHARS).toBe(200);
    expect(m.chatTextProblem(m.cleanChatText(' \u200B\u200E '))?.code).toBe('BAD_REQUEST');
    expect(m.chatTextProblem(m.cleanChatText('\u200Bok'))).toBeNull();
  });

  it('(the check works: the main entry does load zod)', async () => {
    await expect(import('./index.js')).rejects.toThrow(/zod was loaded|error when mocking/);
  });
});

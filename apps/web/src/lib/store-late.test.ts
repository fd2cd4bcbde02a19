import { describe, expect, it, vi } from 'vitest';
import { dealt, updateFor } from '../../test/fixtures.js';

describe('the chat and the feel start after the table', () => {
  it('keeps the lines that came before it started, and counts them as news', async () => {
    vi.resetModules(); // no chat module provided yet (the test setup provides it)
    const { TableClient } = await import('./store.svelte.js');
    const { provideLate } = await import('./store-late.js');
    const { ChatClient } = await import('./store-chat.svelte.js');
    const { TableFeel } = await import('./feel.svelte.js');
    const { fakeTransport } = await import('../../test/transport.js');
    const t = fakeTransport();
    const client = new TableClient('AAAAAAAAAAAAAAAAAAAAAA');
    client.connect(t.factory);
    t.on().status('connected');
    t.on().snapshot({ ...updateFor(dealt(1), 1, 5), chat: { last: 0, spectatorChat: true, mutedSeats: [], mutedSpectators: [], tag: null } });
    expect(client.chatReady).toBe(false);
    expect(client.feel).toBeNull();
    expect(() => client.chat).toThrow();
    t.on().chat({ id: 1, at: 0, type: 'line', from: { role: 'player', seat: 2, name: 'Cleo' }, text: 'salut' });
    t.on().reaction({ from: { role: 'player', seat: 2, name: 'Cleo' }, reaction: 'clap' });
    provideLate({ ChatClient, TableFeel });
    client.startLate();
    expect(client.chatReady).toBe(true);
    expect(client.feel).not.toBeNull();
    expect(client.chat.entries.map((e) => e.id)).toEqual([1]);
    expect(client.chat.unread).toBe(1);
    // A reaction is a few seconds' worth: one that came before is let go.
    expect(client.chat.bubbles).toEqual([]);
    // Nothing was fetched: the lines were all there.
    expect(t.sent.filter((s) => s.event === 'chatHistory')).toEqual([]);
  });
});

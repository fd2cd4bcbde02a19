import { describe, expect, it } from 'vitest';
import { ChatEntrySchema, ChatStateSchema, CHAT_EVENT_SCHEMAS, ReactionFrameSchema, type ChatEntry, type ChatState } from './chat.js';
import { DEFAULT_CHAT_SETTINGS, applyChatEntry, chatEntryOrder, chatRefusal } from './chat-fold.js';
import { ClientEventSchemas, ServerFrameSchemas } from './socket.js';

const TAG = 'abcdefghijk';
const OTHER = 'ABCDEFGHIJK';
const empty: ChatState = { last: 0, ...DEFAULT_CHAT_SETTINGS, tag: null };
const line = (id: number, text = 'hi'): ChatEntry => ({ id, at: 1, type: 'line', from: { role: 'player', seat: 1, name: 'Bob' }, text });

describe('chat schemas', () => {
  it('are part of the client events and the server frames', () => {
    expect(ClientEventSchemas.chat).toBe(CHAT_EVENT_SCHEMAS.chat);
    expect(ServerFrameSchemas.chat).toBe(ChatEntrySchema);
    expect(ServerFrameSchemas.reaction).toBe(ReactionFrameSchema);
  });

  it('take a line of any length (the server answers CHAT_TOO_LONG) but refuse empty text, bad names and unknown fields', () => {
    const chat = CHAT_EVENT_SCHEMAS.chat;
    expect(chat.safeParse({ text: 'x'.repeat(5000) }).success).toBe(true);
    expect(chat.safeParse({ text: 'salut', name: 'Zoé' }).success).toBe(true);
    expect(chat.safeParse({ text: '' }).success).toBe(false);
    expect(chat.safeParse({ text: 'hi', name: '<b>' }).success).toBe(false);
    expect(chat.safeParse({ text: 'hi', seat: 1 }).success).toBe(false);
    expect(chat.safeParse({ text: 3 }).success).toBe(false);
  });

  it('take reactions by id only, targets by seat or tag, history from 0', () => {
    expect(CHAT_EVENT_SCHEMAS.react.safeParse({ reaction: 'wellPlayed' }).success).toBe(true);
    expect(CHAT_EVENT_SCHEMAS.react.safeParse({ reaction: 'Bien joué !' }).success).toBe(false);
    expect(CHAT_EVENT_SCHEMAS.chatMute.safeParse({ target: { seat: 3 }, muted: true }).success).toBe(true);
    expect(CHAT_EVENT_SCHEMAS.chatMute.safeParse({ target: { spectator: TAG }, muted: false }).success).toBe(true);
    expect(CHAT_EVENT_SCHEMAS.chatMute.safeParse({ target: { seat: 3, spectator: TAG }, muted: true }).success).toBe(false);
    expect(CHAT_EVENT_SCHEMAS.chatMute.safeParse({ target: { spectator: 'short' }, muted: true }).success).toBe(false);
    expect(CHAT_EVENT_SCHEMAS.chatHistory.safeParse({ after: 0 }).success).toBe(true);
    expect(CHAT_EVENT_SCHEMAS.chatHistory.safeParse({ after: -1 }).success).toBe(false);
    expect(CHAT_EVENT_SCHEMAS.spectatorChat.safeParse({ on: 'no' }).success).toBe(false);
  });

  it('hold outbound entries to 200 code points and no stray field', () => {
    expect(ChatEntrySchema.safeParse(line(1, '👏'.repeat(200))).success).toBe(true);
    expect(ChatEntrySchema.safeParse(line(1, 'x'.repeat(201))).success).toBe(false);
    expect(ChatEntrySchema.safeParse({ ...line(1), address: '10.0.0.1' }).success).toBe(false);
    expect(ChatEntrySchema.safeParse({ id: 2, at: 1, type: 'muted', target: { spectator: TAG }, name: null, muted: true }).success).toBe(true);
    expect(ChatStateSchema.safeParse({ ...empty, extra: 1 }).success).toBe(false);
  });
});

describe('chat fold', () => {
  it('orders entries by id', () => {
    expect(chatEntryOrder({ last: 4 }, { id: 5 })).toBe('next');
    expect(chatEntryOrder({ last: 4 }, { id: 4 })).toBe('stale');
    expect(chatEntryOrder({ last: 4 }, { id: 7 })).toBe('gap');
  });

  it('folds lines and notices into the state without mutating it', () => {
    const before = JSON.stringify(empty);
    let s = applyChatEntry(empty, line(1));
    expect(s).toEqual({ ...empty, last: 1 });
    s = applyChatEntry(s, { id: 2, at: 1, type: 'muted', target: { seat: 3 }, name: 'Dee', muted: true });
    s = applyChatEntry(s, { id: 3, at: 1, type: 'muted', target: { seat: 0 }, name: 'Ann', muted: true });
    s = applyChatEntry(s, { id: 4, at: 1, type: 'muted', target: { spectator: OTHER }, name: null, muted: true });
    s = applyChatEntry(s, { id: 5, at: 1, type: 'muted', target: { spectator: TAG }, name: 'Zoé', muted: true });
    s = applyChatEntry(s, { id: 6, at: 1, type: 'muted', target: { seat: 3 }, name: 'Dee', muted: false });
    s = applyChatEntry(s, { id: 7, at: 1, type: 'muted', target: { spectator: OTHER }, name: null, muted: false });
    s = applyChatEntry(s, { id: 8, at: 1, type: 'muted', target: { seat: 0 }, name: 'Ann', muted: true });
    s = applyChatEntry(s, { id: 9, at: 1, type: 'spectatorChat', on: false });
    expect(s).toEqual({ last: 9, spectatorChat: false, mutedSeats: [0], mutedSpectators: [TAG], tag: null });
    expect(JSON.stringify(empty)).toBe(before);
  });

  it('says who may write: chat off for spectators, then muted; never the host', () => {
    const s = { ...DEFAULT_CHAT_SETTINGS, spectatorChat: false, mutedSeats: [2 as const], mutedSpectators: [TAG] };
    expect(chatRefusal(s, { seat: null, tag: OTHER, isHost: false })).toBe('CHAT_OFF');
    expect(chatRefusal(s, { seat: null, tag: TAG, isHost: false })).toBe('CHAT_OFF');
    expect(chatRefusal({ ...s, spectatorChat: true }, { seat: null, tag: TAG, isHost: false })).toBe('CHAT_MUTED');
    expect(chatRefusal({ ...s, spectatorChat: true }, { seat: null, tag: OTHER, isHost: false })).toBeNull();
    expect(chatRefusal(s, { seat: 2, tag: null, isHost: false })).toBe('CHAT_MUTED');
    expect(chatRefusal(s, { seat: 1, tag: null, isHost: false })).toBeNull();
    expect(chatRefusal(s, { seat: 2, tag: null, isHost: true })).toBeNull();
    expect(chatRefusal(s, { seat: null, tag: TAG, isHost: true })).toBeNull();
  });
});

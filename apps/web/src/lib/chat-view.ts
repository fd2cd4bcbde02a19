/**
 * What the chat components show, as pure functions: a sender's name, a host's notice in
 * words, which reactions are drawn as pictures.
 */
import type { ChatEntry, ChatSender, ReactionId } from '@belote/protocol/client';
import { translate, type Lang } from './i18n.js';

/** Reactions drawn as a picture (ReactionGlyph); the others are phrases in the reader's language. */
export const PICTURE_REACTIONS: ReadonlySet<ReactionId> = new Set(['clap', 'laugh', 'wow', 'thinking']);

/** The name a spectator (by tag) last wrote a line under, if any. */
export function spectatorName(entries: readonly ChatEntry[], tag: string): string | null {
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (e.type === 'line' && e.from.role === 'spectator' && e.from.tag === tag && e.from.name) return e.from.name;
  }
  return null;
}

/**
 * The name a line or reaction is shown under. A reaction carries no spectator's name: with
 * the chat's `entries`, a spectator is named as they last wrote.
 */
export function senderName(lang: Lang, from: ChatSender, entries: readonly ChatEntry[] = []): string {
  if (from.role === 'player') return from.name || translate(lang, 'seatName', { n: from.seat + 1 });
  return from.name ?? spectatorName(entries, from.tag) ?? translate(lang, 'chatSomeSpectator');
}

/** A host's notice in words (null for a line). */
export function noticeText(lang: Lang, e: ChatEntry): string | null {
  switch (e.type) {
    case 'line':
      return null;
    case 'spectatorChat':
      return translate(lang, e.on ? 'chatNoticeSpectatorsOn' : 'chatNoticeSpectatorsOff');
    case 'muted': {
      // An unnamed spectator's muting has a sentence of its own: "a spectator" is not a name (French, German).
      if (e.name === null && e.muted && !('seat' in e.target)) return translate(lang, 'chatNoticeMutedSomeSpectator');
      const name = e.name ?? ('seat' in e.target ? translate(lang, 'seatName', { n: e.target.seat + 1 }) : translate(lang, 'chatSomeSpectator'));
      return translate(lang, e.muted ? 'chatNoticeMuted' : 'chatNoticeUnmuted', { name });
    }
  }
}

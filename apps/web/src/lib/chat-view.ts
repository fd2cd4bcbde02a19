/**
 * What the chat components show, as pure functions: a sender's name, a host's notice in
 * words, which reactions are drawn as pictures.
 */
import type { ChatEntry, ChatSender, ReactionId } from '@belote/protocol/client';
import { translate, type Lang } from './i18n.js';

/** Reactions drawn as a picture (ReactionGlyph); the others are phrases in the reader's language. */
export const PICTURE_REACTIONS: ReadonlySet<ReactionId> = new Set(['clap', 'laugh', 'wow', 'thinking']);

/** The name a line or reaction is shown under. */
export function senderName(lang: Lang, from: ChatSender): string {
  if (from.role === 'player') return from.name || translate(lang, 'seatName', { n: from.seat + 1 });
  return from.name ?? translate(lang, 'chatSomeSpectator');
}

/** A host's notice in words (null for a line). */
export function noticeText(lang: Lang, e: ChatEntry): string | null {
  switch (e.type) {
    case 'line':
      return null;
    case 'spectatorChat':
      return translate(lang, e.on ? 'chatNoticeSpectatorsOn' : 'chatNoticeSpectatorsOff');
    case 'muted': {
      const name = e.name ?? ('seat' in e.target ? translate(lang, 'seatName', { n: e.target.seat + 1 }) : translate(lang, 'chatSomeSpectator'));
      return translate(lang, e.muted ? 'chatNoticeMuted' : 'chatNoticeUnmuted', { name });
    }
  }
}

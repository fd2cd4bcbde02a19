/**
 * The chat's English texts, a section of their own (lib/i18n.ts loads it with the chat);
 * German and French give the same keys in chat-de.ts and chat-fr.ts, typed by `ChatDict`.
 * Quick reactions are `react_<id>`.
 */
import type { ReactionId } from '@belote/protocol/client';
import type { Plural } from './plural.js';

export const CHAT_EN = {
  chat: 'Chat',
  chatOpen: 'Open the chat',
  chatUnread: { one: '{n} new message', other: '{n} new messages' },
  chatClose: 'Close the chat',
  chatMore: 'Show more of the chat',
  chatLess: 'Show less of the chat',
  chatMessages: 'Chat messages',
  chatEmpty: 'No messages yet.',
  chatPlaceholder: 'Write a message…',
  chatMessage: 'Message',
  chatSend: 'Send',
  chatYourName: 'Your name (optional)',
  chatNameUnused: "Sent without this name: letters, digits, spaces and . ' _ - only, with a letter or a digit",
  chatMute: 'Mute for me',
  chatSpectator: 'spectator',
  chatSomeSpectator: 'A spectator',
  chatOffForYou: 'The host has turned spectator chat off: no messages or reactions from spectators.',
  chatMutedYou: 'The host has muted you: you can read the chat, but not write or react.',
  chatNoticeMuted: '{name} was muted by the host',
  chatNoticeUnmuted: '{name} may write again',
  chatNoticeSpectatorsOff: 'The host turned spectator chat off',
  chatNoticeSpectatorsOn: 'Spectators may write again',
  chatModeration: 'Moderation',
  chatSpectatorsMayWrite: 'Spectators may write and react',
  chatMuteNote: 'A muted person can neither write nor send reactions.',
  chatMuteWho: 'Mute {name}',
  chatUnmuteWho: 'Unmute {name}',
  // An unnamed spectator inside a sentence (chatSomeSpectator is a line's label)
  chatNoticeMutedSomeSpectator: 'A spectator was muted by the host',
  chatMuteSomeSpectator: 'Mute this spectator',
  chatUnmuteSomeSpectator: 'Unmute a spectator',
  chatMutedSpectators: 'Muted spectators',
  chatCharsLeft: { one: '{n} character left', other: '{n} characters left' },
  chatCharsOver: { one: '{n} character too many', other: '{n} characters too many' },
  seatName: 'Seat {n}',
  reactions: 'Quick reactions',
  reactionFrom: '{name}: {reaction}',
  react_wellPlayed: 'Well played!',
  react_oops: 'Oops',
  react_thanksPartner: 'Thanks, partner',
  react_hello: 'Hello!',
  react_clap: 'Applause',
  react_laugh: 'Laughing',
  react_wow: 'Wow',
  react_thinking: 'Thinking',
  err_CHAT_OFF: 'The host has turned spectator chat off',
  err_CHAT_MUTED: 'The host has muted you',
  err_CHAT_TOO_LONG: 'That message is too long (200 characters at most)',
  err_CHAT_TOO_FAST: 'Too many messages: wait a moment',
  reactionsTooFast: 'Too many reactions: wait a moment',
} as const satisfies Record<string, string | Plural> & Record<`react_${ReactionId}`, string>;

export type ChatDict = { readonly [K in keyof typeof CHAT_EN]: (typeof CHAT_EN)[K] extends string ? string : Plural };

/**
 * The table's parts that its first screen does not need: dialogs (sit, score sheet, deal
 * summary, game over), the desktop side panel, the chat panel, the reactions' tray and
 * pictures, the chat's client, a live step's motion, marks and sounds, the menu, the background turn cues, the bidding buttons and the coinche auction's
 * board and picker, callouts and the deal's running score. One chunk, fetched once the table is on screen (`laterParts`, when the browser is
 * idle) or as soon as one of them is wanted, so the table's first load stays small.
 */
export { default as AuctionBoard } from './AuctionBoard.svelte';
export { default as BiddingPanel } from './BiddingPanel.svelte';
export { default as Callouts } from './Callouts.svelte';
export { default as DealScore } from './DealScore.svelte';
export { default as BidPicker } from './BidPicker.svelte';
export { default as ChatLayer } from './ChatLayer.svelte';
export { default as ChatPanel } from './ChatPanel.svelte';
export { default as NotifyOptIn } from './NotifyOptIn.svelte';
export { default as ReactionGlyph } from './ReactionGlyph.svelte';
export { default as ReactionTray } from './ReactionTray.svelte';
export { default as SidePanel } from './SidePanel.svelte';
export { default as TableControls } from './TableControls.svelte';
export { default as TableDialogs } from './TableDialogs.svelte';
export { default as TableMenu } from './TableMenu.svelte';
export { default as TableSpeech } from './TableSpeech.svelte';
export { TurnAlert } from '../lib/turn-alert.js';
export { ChatClient } from '../lib/store-chat.svelte.js';
export { TableFeel } from '../lib/feel.svelte.js';
export { armSound } from '../lib/sound-cue.js';

/**
 * The table's parts that its first screen does not need: dialogs (sit, score sheet, deal
 * summary, game over), the chat panel, the game record and the coinche auction's board and
 * picker. One chunk, fetched once the table is on screen (`laterParts`, when the browser is
 * idle) or as soon as one of them is wanted, so the table's first load stays small.
 */
export { default as AuctionBoard } from './AuctionBoard.svelte';
export { default as BidPicker } from './BidPicker.svelte';
export { default as ChatPanel } from './ChatPanel.svelte';
export { default as DealSummary } from './DealSummary.svelte';
export { default as GameInfo } from './GameInfo.svelte';
export { default as GameOver } from './GameOver.svelte';
export { default as Modal } from './Modal.svelte';
export { default as ScoreSheet } from './ScoreSheet.svelte';
export { default as SitPrompt } from './SitPrompt.svelte';

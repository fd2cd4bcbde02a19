/** The table's parts during a game (see parts.ts). */
export { default as BiddingPanel } from './BiddingPanel.svelte';
export { default as Callouts } from './Callouts.svelte';
export { default as DealScore } from './DealScore.svelte';
export { default as Hand } from './Hand.svelte';
export { default as Retourne } from './Retourne.svelte';
export { default as Trick } from './Trick.svelte';
export { default as TurnCue } from './TurnCue.svelte';

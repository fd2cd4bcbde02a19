/** The table's parts during a game (see parts.ts). */
export { default as FeltGame } from './FeltGame.svelte';
export { default as SeatBacks } from './SeatBacks.svelte';
export { default as Trick } from './Trick.svelte';

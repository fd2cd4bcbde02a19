/** The table's parts before a game starts (see parts.ts). */
export { default as EmptySeat } from './EmptySeat.svelte';
export { default as FeltLobby } from './FeltLobby.svelte';

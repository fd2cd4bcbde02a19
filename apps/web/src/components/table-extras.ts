/**
 * What a table page built on TableView may change: the practice table (practice/) points its
 * record and replay links at the device, hides what makes no sense without other people
 * (invite link, spectators, chat) and draws its own controls (hint, take back) over the felt.
 */
import type { Snippet } from 'svelte';

export interface TableExtras {
  /** The replay page of game `game` (0-based), at deal `deal` (1-based) when given. */
  replayHref(game: number, deal: number | null): string;
  /** Download the game's record (instead of the server's record link). */
  download(): void;
  /** Controls drawn over the felt. */
  controls?: Snippet;
}

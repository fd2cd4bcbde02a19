/** The turn timers a form offers (the home page's new table, the practice page's new game): none, or seconds per turn. */
export const TURN_TIMERS = [null, 15, 30, 60] as const;

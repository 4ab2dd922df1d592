/** Held-out snippets, written after tuning (see the tuning files for the markup). */
export const HELD_OUT: string[] = [];

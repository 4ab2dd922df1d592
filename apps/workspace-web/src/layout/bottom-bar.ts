/**
 * A bar fixed at the bottom of the screen (the workspace's quick actions on a phone) sets this
 * CSS variable to its height; the fixed corner pieces (promotions, toasts) add it to their
 * `bottom`, so they sit above the bar instead of covering it.
 */
export const BOTTOM_BAR_VARIABLE = '--pv-bottom-bar';

/** `bottom` of a fixed corner piece: `px` above the screen's edge, and above the bar if shown. */
export const aboveBottomBar = (px: number) => `calc(${px}px + var(${BOTTOM_BAR_VARIABLE}, 0px))`;

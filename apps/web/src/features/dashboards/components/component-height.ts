import { DASHBOARD_GRID } from '@asb/contracts';

/** The height in pixels of a grid item `h` rows high (row height 30, margin 20: spec 3 §9). */
export const itemHeight = (h: number) => h * DASHBOARD_GRID.rowHeight + Math.max(0, h - 1) * DASHBOARD_GRID.margin[1];

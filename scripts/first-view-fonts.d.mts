import type { Page } from 'playwright-core';

/** What one first-view face draws: its characters (sorted, with a space) and its lightest and boldest weight. */
export interface FirstViewGlyphs {
  characters: string;
  weights: [number, number];
}

/** What each first-view face draws in #first-view of the open page. */
export function firstViewGlyphs(page: Page): Promise<Record<'manrope' | 'fraunces', FirstViewGlyphs>>;

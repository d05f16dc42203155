import type { TranslationEntry } from './types.js';

// Point of sale: sales reports (/pos/reports), commission rules, settlement and payouts.
export const POS_REPORTS = {
} satisfies Record<string, TranslationEntry>;

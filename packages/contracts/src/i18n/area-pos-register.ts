import type { TranslationEntry } from './types.js';

// Point of sale: the register screen (/pos/register): session opening, selling, carts, tenders, receipts, offline queue.
export const POS_REGISTER = {
} satisfies Record<string, TranslationEntry>;

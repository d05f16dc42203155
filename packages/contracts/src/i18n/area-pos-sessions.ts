import type { TranslationEntry } from './types.js';

// Point of sale: cash sessions (/pos/sessions) and orders (/orders, /orders/history).
export const POS_SESSIONS = {
} satisfies Record<string, TranslationEntry>;

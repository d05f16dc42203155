// Zod-free: the values forms need in the browser, reachable from `@market/contracts/plain`. The schemas use them.
export const EMAIL_STATUSES = ['pending', 'sending', 'sent', 'failed', 'kept'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export const EMAIL_TEST_TEMPLATES = ['plain', 'welcome', 'confirmation-preview'] as const;
export type EmailTestTemplate = (typeof EMAIL_TEST_TEMPLATES)[number];

/** The groups of the global search, in the order they are shown. */
export const SEARCH_GROUPS = ['products', 'vendors', 'applications', 'marketDays', 'locations', 'assets'] as const;
export type SearchGroup = (typeof SEARCH_GROUPS)[number];
export const SEARCH_Q_MAX = 100;
export const SEARCH_LIMIT_DEFAULT = 5;
export const SEARCH_LIMIT_MAX = 10;

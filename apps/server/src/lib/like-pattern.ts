/** A LIKE/ILIKE pattern matching `q` anywhere, with its own `%`, `_` and `\` taken literally. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

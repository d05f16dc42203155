/** `s` with LIKE's own `%`, `_` and `\` escaped, for building a pattern around it. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE/ILIKE pattern matching `q` anywhere, with its own `%`, `_` and `\` taken literally. */
export const likePattern = (q: string) => `%${escapeLike(q)}%`;

import { ApiError } from './api';

/** The server refused an edit because the record changed since the screen loaded it (issue 12, item 15). */
export function isStaleWrite(e: unknown): boolean {
  return (
    e instanceof ApiError && e.status === 409 && e.fields.some((f) => f.field === 'expectedUpdatedAt' || f.field === 'expectedVersion')
  );
}

/**
 * Runs an edit of one record. When someone else changed the record meanwhile, `reload` fetches it afresh
 * and the error carries one plain, translated message (no field errors: no input of the form is wrong),
 * so every screen that shows a failed save's message says the same thing.
 */
export async function guardStale<T>(run: () => Promise<T>, message: string, reload: () => unknown): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (!isStaleWrite(e)) throw e;
    void reload();
    throw new ApiError(409, 'conflict', message);
  }
}

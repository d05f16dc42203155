import type { catalogPublishingRoutes as c } from '@market/contracts';

type PublishProgress = c.PublishProgress;

/**
 * The publishes running in this process, by organization and channel: how many items are written of how many the
 * rules let in. A publish writes its snapshot in one transaction, so nothing of it is visible in the database before
 * it commits; this count is what the publishing screen reads meanwhile. Each server counts its own publishes.
 */
interface Running {
  done: number;
  /** 0 until the rules have been evaluated. */
  total: number;
  startedAt: Date;
}

const running = new Map<string, Running>();
const keyOf = (orgId: string, channelId: string) => `${orgId}:${channelId}`;

export const IDLE: PublishProgress = { publishing: false, done: 0, total: 0, startedAt: null };

/** Starts counting a publish; the returned functions set its total, advance it and end it (always call `end`). */
export function startProgress(orgId: string, channelId: string) {
  const key = keyOf(orgId, channelId);
  const entry: Running = { done: 0, total: 0, startedAt: new Date() };
  running.set(key, entry);
  return {
    total: (items: number) => void (entry.total = items),
    advance: (items: number) => void (entry.done += items),
    // A later publish of the same channel (it waited for the first one's lock) keeps its own count.
    end: () => void (running.get(key) === entry && running.delete(key)),
  };
}

/** The organization's publish of that channel running in this process, or null. */
export function progressOf(orgId: string, channelId: string): PublishProgress | null {
  const entry = running.get(keyOf(orgId, channelId));
  return entry ? { publishing: true, done: entry.done, total: entry.total, startedAt: entry.startedAt.toISOString() } : null;
}

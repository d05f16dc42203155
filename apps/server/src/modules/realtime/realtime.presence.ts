/** Phoenix presence, kept in this process: one meta per tracking channel, grouped by presence key. */
export type PresenceMeta = Record<string, unknown> & { phx_ref: string };
export type PresenceMap = Record<string, { metas: PresenceMeta[] }>;
export interface PresenceDiff {
  joins: PresenceMap;
  leaves: PresenceMap;
}

export class PresenceRegistry<Member extends object> {
  /** topic -> presence key -> member -> meta */
  private readonly topics = new Map<string, Map<string, Map<Member, PresenceMeta>>>();
  private seq = 0;

  state(topic: string): PresenceMap {
    const out: PresenceMap = {};
    for (const [key, members] of this.topics.get(topic) ?? []) out[key] = { metas: [...members.values()] };
    return out;
  }

  /** Tracks (or replaces) a member's meta; the diff leaves the old meta and joins the new one, as Phoenix does. */
  track(topic: string, key: string, member: Member, meta: Record<string, unknown>): PresenceDiff {
    let keys = this.topics.get(topic);
    if (!keys) this.topics.set(topic, (keys = new Map()));
    let members = keys.get(key);
    if (!members) keys.set(key, (members = new Map()));
    const previous = members.get(member);
    const next: PresenceMeta = { ...meta, phx_ref: String(++this.seq) };
    if (previous) next.phx_ref_prev = previous.phx_ref;
    members.set(member, next);
    return { joins: { [key]: { metas: [next] } }, leaves: previous ? { [key]: { metas: [previous] } } : {} };
  }

  /** Removes a member; null when it was not tracked. */
  untrack(topic: string, key: string, member: Member): PresenceDiff | null {
    const keys = this.topics.get(topic);
    const members = keys?.get(key);
    const previous = members?.get(member);
    if (!keys || !members || !previous) return null;
    members.delete(member);
    if (members.size === 0) keys.delete(key);
    if (keys.size === 0) this.topics.delete(topic);
    return { joins: {}, leaves: { [key]: { metas: [previous] } } };
  }
}

import type { Channel } from './realtime.connection.js';
import { PresenceRegistry, type PresenceDiff } from './realtime.presence.js';
import type { Inbound } from './realtime.protocol.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The presence events of joined channels: track/untrack pushes, and the diffs sent to the presence subscribers of the
 * same channel key (organization and privacy included), never to every channel of a topic name.
 */
export class ChannelPresence {
  private readonly registry = new PresenceRegistry<Channel>();

  constructor(
    private readonly channelsOf: (key: string) => Iterable<Channel>,
    private readonly maxMetaBytes: number,
  ) {}

  state(key: string) {
    return this.registry.state(key);
  }

  /** A `presence` push: {type: 'presence', event: 'track', payload} or {event: 'untrack'}. */
  handle(ch: Channel, msg: Inbound): void {
    const p = isObject(msg.payload) ? msg.payload : {};
    const reply = (status: 'ok' | 'error', response: unknown) => ch.conn.reply(msg.joinRef, msg.ref, ch.topic, status, response);
    if (p.event === 'untrack') {
      this.untrack(ch);
      return reply('ok', {});
    }
    if (p.event !== 'track') return reply('error', { reason: 'presence event must be track or untrack' });
    const meta = p.payload ?? {};
    if (!isObject(meta)) return reply('error', { reason: 'presence payload must be an object' });
    if (Buffer.byteLength(JSON.stringify(meta)) > this.maxMetaBytes) return reply('error', { reason: 'presence payload is too large' });
    ch.presenceTracked = true;
    if (!ch.config.presenceEnabled) {
      // Tracking without presence in the join config: the client needs the state before any diff applies.
      ch.config.presenceEnabled = true;
      ch.push('presence_state', this.registry.state(ch.key));
    }
    this.send(ch.key, this.registry.track(ch.key, ch.config.presenceKey, ch, meta));
    reply('ok', {});
  }

  untrack(ch: Channel): void {
    if (!ch.presenceTracked) return;
    ch.presenceTracked = false;
    const diff = this.registry.untrack(ch.key, ch.config.presenceKey, ch);
    if (diff) this.send(ch.key, diff);
  }

  private send(key: string, diff: PresenceDiff): void {
    const json = JSON.stringify(diff);
    for (const ch of this.channelsOf(key)) if (ch.config.presenceEnabled && !ch.closed) ch.pushRaw('presence_diff', json);
  }
}

import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type WebSocket from 'ws';
import type { ViewerResolver } from './realtime.auth.js';
import type { RowChange, TableColumns } from './realtime.changes.js';
import { Channel, Connection, DEFAULT_LIMITS, type Binding, type ChannelAuth, type RealtimeLimits } from './realtime.connection.js';
import { deliverChange } from './realtime.delivery.js';
import { parseJoin } from './realtime.join.js';
import { ChannelPresence } from './realtime.channel-presence.js';
import {
  BroadcastFrames,
  broadcastFromJson,
  decodeFrame,
  encodeMessage,
  type BroadcastBody,
  type Inbound,
  type Vsn,
} from './realtime.protocol.js';
import { authorizeChannel, presenceDenied, topicProblem, writeDenied } from './realtime.topics.js';

const ALL_TABLES = '*';
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * All sockets of this process, their channels, and the indexes fan-out walks: channels by key (the topic within its
 * organization and privacy, see realtime.topics.ts) and by table.
 */
export class RealtimeHub {
  readonly limits: RealtimeLimits;
  private readonly connections = new Set<Connection>();
  private readonly byKey = new Map<string, Set<Channel>>();
  private readonly byTable = new Map<string, Set<Channel>>();
  private readonly presence: ChannelPresence;
  private nextBindingId = 1;

  constructor(
    private readonly resolver: ViewerResolver,
    private readonly columns: TableColumns,
    private readonly log: FastifyBaseLogger,
    limits: Partial<RealtimeLimits> = {},
  ) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
    this.presence = new ChannelPresence((key) => this.byKey.get(key) ?? [], this.limits.maxPresenceBytes);
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  attach(ws: WebSocket, vsn: Vsn, apiKey: string): Connection {
    const conn = new Connection(ws, vsn, apiKey, this.limits.maxBufferedBytes);
    this.connections.add(conn);
    ws.on('message', (data, isBinary) => this.onFrame(conn, data, isBinary));
    ws.on('close', () => this.detach(conn));
    ws.on('error', () => ws.terminate());
    return conn;
  }

  private detach(conn: Connection): void {
    if (!this.connections.delete(conn)) return;
    for (const ch of [...conn.channels.values()]) this.removeChannel(ch);
  }

  private onFrame(conn: Connection, data: WebSocket.RawData, isBinary: boolean): void {
    conn.lastSeen = Date.now();
    const buf = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
    const msg = decodeFrame(conn.vsn, buf, isBinary);
    if (!msg) {
      if (++conn.malformed > this.limits.maxMalformedFrames) conn.ws.close(1008, 'too many malformed messages');
      else conn.send(encodeMessage(conn.vsn, null, null, 'phoenix', 'phx_error', { reason: 'malformed message' }));
      return;
    }
    if (conn.queued >= this.limits.maxQueuedMessages) {
      conn.ws.close(1008, 'too many pending messages');
      return;
    }
    // One message at a time per socket: a join that awaits the database is answered before what the client sent next.
    conn.queued++;
    conn.queue = conn.queue
      .then(() => this.handle(conn, msg))
      .catch((err: unknown) => {
        this.log.error({ err }, 'realtime: message handling failed');
        conn.reply(msg.joinRef, msg.ref, msg.topic, 'error', { reason: 'internal error' });
      })
      .finally(() => {
        conn.queued--;
      });
  }

  private async handle(conn: Connection, msg: Inbound): Promise<void> {
    const { topic, event } = msg;
    if (!this.connections.has(conn)) return; // closed while this message waited
    if (topic === 'phoenix') {
      conn.reply(null, msg.ref, topic, event === 'heartbeat' ? 'ok' : 'error', event === 'heartbeat' ? {} : { reason: 'unknown event' });
      return;
    }
    if (event === 'phx_join') return this.join(conn, msg);
    const ch = conn.channels.get(topic);
    if (event === 'phx_leave') {
      if (ch && (!msg.joinRef || msg.joinRef === ch.joinRef)) this.removeChannel(ch);
      conn.reply(msg.joinRef, msg.ref, topic, 'ok', {});
      return;
    }
    if (!ch || (msg.joinRef && msg.joinRef !== ch.joinRef)) {
      conn.reply(msg.joinRef, msg.ref, topic, 'error', { reason: 'unmatched topic' });
      return;
    }
    switch (event) {
      case 'access_token':
        return this.refreshToken(ch, msg);
      case 'broadcast': {
        const body = msg.broadcast ?? broadcastFromJson(msg.payload);
        if (!body) return conn.reply(msg.joinRef, msg.ref, topic, 'error', { reason: 'invalid broadcast message' });
        if (this.expired(ch)) return;
        // Refused whether or not the client asked for an ack: nothing reached anyone, and the client should know.
        if (!ch.grant.send) return conn.reply(msg.joinRef, msg.ref, topic, 'error', { reason: writeDenied(ch.subTopic) });
        this.fanOut(ch.key, topic, body, ch.config.self ? null : ch);
        if (ch.config.ack) conn.reply(msg.joinRef, msg.ref, topic, 'ok', {});
        return;
      }
      case 'presence':
        if (this.expired(ch)) return;
        if (!ch.grant.presence) return conn.reply(msg.joinRef, msg.ref, topic, 'error', { reason: presenceDenied(ch.subTopic) });
        return this.presence.handle(ch, msg);
      default:
        conn.reply(msg.joinRef, msg.ref, topic, 'error', { reason: `unknown event "${event}"` });
    }
  }

  private async join(conn: Connection, msg: Inbound): Promise<void> {
    const { topic } = msg;
    const joinRef = msg.joinRef ?? msg.ref;
    const refuse = (reason: string) => {
      conn.reply(joinRef, msg.ref, topic, 'error', { reason });
      conn.send(encodeMessage(conn.vsn, joinRef, null, topic, 'system', systemPayload(topic, 'error', reason)));
    };
    const problem = topicProblem(topic);
    if (problem) return refuse(problem);
    const previous = conn.channels.get(topic);
    if (!previous && conn.channels.size >= this.limits.maxChannelsPerSocket) {
      return refuse(`too many channels: at most ${this.limits.maxChannelsPerSocket} per connection`);
    }
    const req = await parseJoin(msg.payload, (t) => this.columns.of(t), this.limits.maxBindingsPerChannel);
    if (!req.ok) return refuse(req.reason);
    const token = req.value.accessToken ?? conn.apiKey;
    const now = Date.now();
    const verified = await this.resolver.resolve(token, now);
    if (!verified.ok) return refuse(verified.reason);
    if (verified.expiresAt <= now) return refuse('Token has expired');
    const granted = authorizeChannel(verified.viewer, {
      topic,
      private: req.value.private,
      presence: req.value.presenceEnabled,
      tables: req.value.bindings.map((b) => b.table),
    });
    if (!granted.ok) return refuse(granted.reason);
    // The socket may have closed while the token was checked: a channel must never outlive its socket.
    if (!this.connections.has(conn)) return;

    // A second join of the same topic replaces the first, as Phoenix does.
    if (previous) this.removeChannel(previous);
    const bindings: Binding[] = req.value.bindings.map((b, i) => {
      const id = this.nextBindingId++;
      return { ...b, id, echo: { id, ...req.value.echoes[i]! } };
    });
    const { self, ack, presenceKey, presenceEnabled } = req.value;
    const config = { self, ack, private: req.value.private, presenceKey: presenceKey || randomUUID(), presenceEnabled };
    const auth = { token, viewer: verified.viewer, expiresAt: verified.expiresAt, verifiedAt: now, checking: false };
    const ch = new Channel(conn, topic, joinRef, config, bindings, auth, granted.grant);
    conn.channels.set(topic, ch);
    addTo(this.byKey, ch.key, ch);
    for (const key of tableKeys(ch)) addTo(this.byTable, key, ch);

    conn.reply(joinRef, msg.ref, topic, 'ok', { postgres_changes: bindings.map((b) => b.echo) });
    if (bindings.length > 0) ch.system('ok', 'Subscribed to PostgreSQL', 'postgres_changes');
    if (presenceEnabled) ch.push('presence_state', this.presence.state(ch.key));
  }

  private async refreshToken(ch: Channel, msg: Inbound): Promise<void> {
    const token = isObject(msg.payload) ? msg.payload.access_token : undefined;
    if (typeof token !== 'string' || token === '') return this.revoke(ch, 'Invalid token: access_token must be a non-empty string');
    if (token === ch.auth.token) return;
    const now = Date.now();
    const verified = await this.resolver.resolve(token, now);
    if (ch.closed) return;
    if (!verified.ok) {
      if (verified.transient) ch.system('error', verified.reason, 'system');
      else this.revoke(ch, verified.reason);
      return;
    }
    if (verified.expiresAt <= now) return this.revoke(ch, 'Token has expired');
    this.reauthorize(ch, { token, viewer: verified.viewer, expiresAt: verified.expiresAt, verifiedAt: now, checking: false });
  }

  /**
   * A channel's credentials changed (new token, or the same token re-checked: membership, role, session). The
   * channel is decided again as at join: refused, it is closed; under another key (another organization, or
   * anonymous after sign-out), it moves there and leaves the presence of the old one.
   */
  private reauthorize(ch: Channel, auth: ChannelAuth): void {
    const granted = authorizeChannel(auth.viewer, ch.request);
    if (!granted.ok) return this.revoke(ch, granted.reason);
    if (granted.grant.key === ch.key) {
      ch.auth = auth;
      ch.grant = granted.grant;
      return;
    }
    this.presence.untrack(ch);
    removeFrom(this.byKey, ch.key, ch);
    ch.auth = auth;
    ch.grant = granted.grant;
    addTo(this.byKey, ch.key, ch);
    // The client replaces its presence state with this one: the old organization's members leave its view.
    if (ch.config.presenceEnabled) ch.push('presence_state', this.presence.state(ch.key));
  }

  /** True (and the channel closed) when its token or session has ended; checked before anything it sends. */
  private expired(ch: Channel, now = Date.now()): boolean {
    if (ch.auth.expiresAt > now) return false;
    this.revoke(ch, 'Token has expired');
    return true;
  }

  /**
   * Fans a broadcast out to every channel under the key on this process, except the sender unless it asked for
   * self. Callers decide first that the sender may send there (grant.send, or the REST endpoint's same check).
   */
  fanOut(key: string, topic: string, body: BroadcastBody, except: Channel | null): number {
    const frames = new BroadcastFrames(topic, body);
    const now = Date.now();
    let sent = 0;
    for (const ch of [...(this.byKey.get(key) ?? [])]) {
      if (ch === except || ch.closed || this.expired(ch, now)) continue;
      const frame = frames.for(ch.conn.vsn);
      if (frame === null) continue;
      ch.conn.send(frame);
      sent++;
    }
    return sent;
  }

  wantsTable(table: string): boolean {
    return (this.byTable.get(table)?.size ?? 0) > 0 || (this.byTable.get(ALL_TABLES)?.size ?? 0) > 0;
  }

  deliver(change: RowChange): Promise<number> {
    return deliverChange(
      change,
      chain(this.byTable.get(change.table), this.byTable.get(ALL_TABLES)),
      (ch, r) => this.revoke(ch, r),
      this.log,
    );
  }

  /** Stops a channel whose credentials no longer hold: tells the client why, then closes it on both ends. */
  revoke(ch: Channel, reason: string): void {
    if (ch.closed) return;
    ch.system('error', reason, 'system');
    ch.push('phx_close', {});
    this.removeChannel(ch);
  }

  private removeChannel(ch: Channel): void {
    if (ch.closed) return;
    ch.closed = true;
    if (ch.conn.channels.get(ch.topic) === ch) ch.conn.channels.delete(ch.topic);
    removeFrom(this.byKey, ch.key, ch);
    for (const key of tableKeys(ch)) removeFrom(this.byTable, key, ch);
    this.presence.untrack(ch);
  }

  /** Drops sockets that stopped sending heartbeats. */
  sweepIdle(now = Date.now()): void {
    for (const conn of this.connections) {
      if (now - conn.lastSeen > this.limits.idleTimeoutMs) {
        conn.ws.terminate();
        this.detach(conn);
      }
    }
  }

  /**
   * Verifies again the users' tokens older than the resolver's lifetime (all of them when forced, after a write to
   * the auth tables); a revoked session or an expired token loses its channels, a changed membership or role is
   * decided again.
   */
  async revalidate(now = Date.now(), force = false): Promise<void> {
    const checks: Promise<void>[] = [];
    for (const conn of this.connections) {
      for (const ch of conn.channels.values()) {
        const auth = ch.auth;
        if (auth.expiresAt <= now) {
          this.revoke(ch, 'Token has expired');
          continue;
        }
        if (auth.viewer.kind !== 'user' || auth.checking || (!force && now - auth.verifiedAt < this.resolver.ttlMs)) continue;
        auth.checking = true;
        checks.push(
          this.resolver.resolve(auth.token, now).then((r) => {
            auth.checking = false;
            if (ch.closed || ch.auth !== auth) return;
            if (r.ok) this.reauthorize(ch, { ...auth, viewer: r.viewer, expiresAt: r.expiresAt, verifiedAt: now });
            else if (!r.transient) this.revoke(ch, r.reason);
          }),
        );
      }
    }
    this.resolver.prune(now);
    await Promise.all(checks);
  }

  closeAll(): void {
    for (const conn of [...this.connections]) {
      conn.ws.close(1001, 'server shutting down');
      this.detach(conn);
    }
  }
}

const systemPayload = (topic: string, status: 'ok' | 'error', message: string) => ({
  message,
  status,
  extension: 'system',
  channel: topic.replace(/^realtime:/i, ''),
});

/** A channel with an all-tables binding is indexed under '*' only, so fan-out visits it once. */
function tableKeys(ch: Channel): Set<string> {
  const keys = new Set<string>();
  for (const b of ch.bindings) keys.add(b.table ?? ALL_TABLES);
  return keys.has(ALL_TABLES) ? new Set([ALL_TABLES]) : keys;
}

function addTo<K, V>(index: Map<K, Set<V>>, key: K, value: V): void {
  let set = index.get(key);
  if (!set) index.set(key, (set = new Set()));
  set.add(value);
}

function removeFrom<K, V>(index: Map<K, Set<V>>, key: K, value: V): void {
  const set = index.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) index.delete(key);
}

function* chain<T>(...sets: (Set<T> | undefined)[]): Generator<T> {
  for (const s of sets) if (s) yield* s;
}

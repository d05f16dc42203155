import WebSocket from 'ws';
import type { RowFilter } from './realtime.filters.js';
import type { Viewer } from './realtime.policies.js';
import { encodeMessage, encodeRaw, type Vsn } from './realtime.protocol.js';
import type { ChannelGrant, ChannelRequest } from './realtime.topics.js';

export interface RealtimeLimits {
  maxChannelsPerSocket: number;
  maxBindingsPerChannel: number;
  /** A socket silent for longer is dropped; the client sends a heartbeat every 25 s. */
  idleTimeoutMs: number;
  /** Unsent bytes a slow client may hold before it is dropped. */
  maxBufferedBytes: number;
  /** Malformed frames tolerated per socket before it is closed. */
  maxMalformedFrames: number;
  /** Messages of one socket waiting to be handled. */
  maxQueuedMessages: number;
  maxPresenceBytes: number;
  sweepIntervalMs: number;
}

export const DEFAULT_LIMITS: RealtimeLimits = {
  maxChannelsPerSocket: 100,
  maxBindingsPerChannel: 100,
  idleTimeoutMs: 60_000,
  maxBufferedBytes: 16 * 1024 * 1024,
  maxMalformedFrames: 20,
  maxQueuedMessages: 1000,
  maxPresenceBytes: 32 * 1024,
  sweepIntervalMs: 5_000,
};

export type ChangeEvent = '*' | 'INSERT' | 'UPDATE' | 'DELETE';

export interface Binding {
  id: number;
  event: ChangeEvent;
  /** null: every subscribable table of the schema. */
  table: string | null;
  filter: RowFilter | null;
  /** What the join reply echoes so realtime-js can match the binding (it compares event, schema, table, filter). */
  echo: { id: number; event: string; schema: string; table?: string; filter?: string };
}

export interface ChannelAuth {
  token: string;
  viewer: Viewer;
  expiresAt: number;
  verifiedAt: number;
  checking: boolean;
}

export class Connection {
  readonly channels = new Map<string, Channel>();
  lastSeen = Date.now();
  malformed = 0;
  queued = 0;
  queue: Promise<void> = Promise.resolve();

  constructor(
    readonly ws: WebSocket,
    readonly vsn: Vsn,
    readonly apiKey: string,
    private readonly maxBufferedBytes: number,
  ) {}

  send(data: string | Buffer): void {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    if (this.ws.bufferedAmount > this.maxBufferedBytes) {
      // A client that does not read must not make the server hold an unbounded backlog.
      this.ws.terminate();
      return;
    }
    this.ws.send(data);
  }

  reply(joinRef: string | null, ref: string | null, topic: string, status: 'ok' | 'error', response: unknown): void {
    this.send(encodeMessage(this.vsn, joinRef, ref, topic, 'phx_reply', { status, response }));
  }
}

export class Channel {
  closed = false;
  presenceTracked = false;

  constructor(
    readonly conn: Connection,
    readonly topic: string,
    readonly joinRef: string | null,
    readonly config: {
      readonly self: boolean;
      readonly ack: boolean;
      readonly private: boolean;
      readonly presenceKey: string;
      presenceEnabled: boolean;
    },
    readonly bindings: Binding[],
    public auth: ChannelAuth,
    /** Decided from auth at join and again whenever auth changes; never changed alone (the hub indexes by its key). */
    public grant: ChannelGrant,
  ) {}

  /** The internal topic: channels meet only under the same key (realtime.topics.ts). */
  get key(): string {
    return this.grant.key;
  }

  /** What authorizeChannel decides on; presence counts only as asked at join, tracking later is checked on its own. */
  get request(): ChannelRequest {
    return { topic: this.topic, private: this.config.private, presence: false, tables: this.bindings.map((b) => b.table) };
  }

  get subTopic(): string {
    return this.topic.replace(/^realtime:/i, '');
  }

  /** A server push on this channel, carrying its join_ref so the client drops it if it rejoined meanwhile. */
  push(event: string, payload: unknown): void {
    this.conn.send(encodeMessage(this.conn.vsn, this.joinRef, null, this.topic, event, payload));
  }

  pushRaw(event: string, payloadJson: string): void {
    this.conn.send(encodeRaw(this.conn.vsn, this.joinRef, this.topic, event, payloadJson));
  }

  system(status: 'ok' | 'error', message: string, extension: string): void {
    this.push('system', { message, status, extension, channel: this.subTopic });
  }
}

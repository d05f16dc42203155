import type { App } from '../../src/app.js';
import { rawClient, type RawClient } from '../../src/modules/realtime/realtime.test-utils.js';

/** A vsn 1.0.0 frame: every server message is a JSON object, user broadcasts included (no binary frames). */
export interface Frame {
  topic: string;
  event: string;
  payload: Record<string, unknown>;
  ref: string | null;
  join_ref: string | null;
}

export interface Reply {
  status: 'ok' | 'error' | 'timeout';
  response: Record<string, unknown>;
}

/** A Phoenix socket driven by hand, one per caller, with request/reply matching by ref and per-topic reading. */
export class PhoenixSocket {
  private nextRef = 0;
  private readonly joinRefs = new Map<string, string>();

  private constructor(readonly raw: RawClient) {}

  static async open(app: App, apikey: string): Promise<PhoenixSocket> {
    return new PhoenixSocket(await rawClient(app, { vsn: '1.0.0', apikey }));
  }

  get frames(): Frame[] {
    return this.raw.inbox.items as Frame[];
  }

  /** Sends one message on a topic and waits for its phx_reply; `timeout` when none came. */
  async request(topic: string, event: string, payload: unknown, timeoutMs = 2000): Promise<Reply> {
    const ref = String(++this.nextRef);
    const joinRef = event === 'phx_join' ? ref : (this.joinRefs.get(topic) ?? null);
    if (event === 'phx_join') this.joinRefs.set(topic, ref);
    this.raw.send({ topic, event, payload, ref, join_ref: joinRef });
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const reply = this.frames.find((f) => f.event === 'phx_reply' && f.ref === ref && f.topic === topic);
      if (reply) return reply.payload as unknown as Reply;
      if (Date.now() > deadline) return { status: 'timeout', response: {} };
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  join(topic: string, config: Record<string, unknown>, accessToken: string | null): Promise<Reply> {
    return this.request(topic, 'phx_join', accessToken ? { config, access_token: accessToken } : { config });
  }

  /** User broadcasts received on a topic, as event names. */
  broadcasts(topic: string): string[] {
    return this.frames.filter((f) => f.topic === topic && f.event === 'broadcast').map((f) => String(f.payload.event));
  }

  /** Presence keys that joined on a topic, from presence_state and presence_diff. */
  presenceKeys(topic: string): string[] {
    const keys: string[] = [];
    for (const f of this.frames) {
      if (f.topic !== topic) continue;
      if (f.event === 'presence_state') keys.push(...Object.keys(f.payload));
      if (f.event === 'presence_diff') keys.push(...Object.keys((f.payload.joins ?? {}) as object));
    }
    return keys;
  }

  /** The postgres_changes rows received on a topic, each as its `name` column (or `value`, for translations). */
  rows(topic: string): string[] {
    return this.frames
      .filter((f) => f.topic === topic && f.event === 'postgres_changes')
      .map((f) => {
        const record = (f.payload.data as { record?: Record<string, unknown> }).record ?? {};
        return String(record.name ?? record.value);
      });
  }

  close(): void {
    this.raw.ws.terminate();
  }
}

/**
 * Phoenix channel framing as @supabase/realtime-js speaks it.
 * vsn 1.0.0: JSON objects {topic, event, payload, ref, join_ref}.
 * vsn 2.0.0: JSON arrays [join_ref, ref, topic, event, payload], plus binary user broadcasts:
 *   client -> server kind 3: [3, joinRefLen, refLen, topicLen, eventLen, metaLen, encoding, joinRef, ref, topic, event, meta, body]
 *   server -> client kind 4: [4, topicLen, eventLen, metaLen, encoding, topic, event, meta, body]
 * encoding 0 = raw bytes, 1 = JSON text.
 */
export type Vsn = '1.0.0' | '2.0.0';
export const VSNS: readonly Vsn[] = ['1.0.0', '2.0.0'];

export interface BroadcastBody {
  event: string;
  /** The user payload: parsed JSON, or raw bytes when the client sent an ArrayBuffer. */
  value: unknown;
  binary: Buffer | null;
  /** The JSON text of value when it was received as text (saves a stringify on fan-out). */
  jsonText: string | null;
}

export interface Inbound {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
  /** Set for a binary (kind 3) user broadcast push. */
  broadcast?: BroadcastBody;
}

const KIND_USER_BROADCAST_PUSH = 3;
const KIND_USER_BROADCAST = 4;
const ENC_BINARY = 0;
const ENC_JSON = 1;

const refOf = (v: unknown): string | null | undefined =>
  v === null || v === undefined ? null : typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined;

function shape(joinRef: unknown, ref: unknown, topic: unknown, event: unknown, payload: unknown): Inbound | null {
  const jr = refOf(joinRef);
  const r = refOf(ref);
  if (jr === undefined || r === undefined || typeof topic !== 'string' || typeof event !== 'string') return null;
  if (topic.length === 0 || topic.length > 255 || event.length === 0 || event.length > 255) return null;
  return { joinRef: jr, ref: r, topic, event, payload: payload ?? {} };
}

/** Decodes one frame; null when it is not a well-formed message of the socket's vsn. Never throws. */
export function decodeFrame(vsn: Vsn, data: Buffer, isBinary: boolean): Inbound | null {
  if (isBinary) return vsn === '2.0.0' ? decodeBinaryPush(data) : null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString('utf8'));
  } catch {
    return null;
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) return null;
    return shape(parsed[0], parsed[1], parsed[2], parsed[3], parsed[4]);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const o = parsed as Record<string, unknown>;
  return shape(o.join_ref, o.ref, o.topic, o.event, o.payload);
}

function decodeBinaryPush(buf: Buffer): Inbound | null {
  if (buf.length < 7 || buf[0] !== KIND_USER_BROADCAST_PUSH) return null;
  const [joinRefLen, refLen, topicLen, eventLen, metaLen, encoding] = [buf[1]!, buf[2]!, buf[3]!, buf[4]!, buf[5]!, buf[6]!];
  if (encoding !== ENC_BINARY && encoding !== ENC_JSON) return null;
  let offset = 7;
  const take = (n: number) => {
    const s = buf.toString('latin1', offset, offset + n);
    offset += n;
    return s;
  };
  if (offset + joinRefLen + refLen + topicLen + eventLen + metaLen > buf.length) return null;
  const joinRef = take(joinRefLen);
  const ref = take(refLen);
  const topic = take(topicLen);
  const event = take(eventLen);
  take(metaLen); // client metadata is not forwarded
  if (!topic || !event) return null;
  const body = buf.subarray(offset);
  let value: unknown = null;
  let jsonText: string | null = null;
  if (encoding === ENC_JSON) {
    jsonText = body.toString('utf8');
    try {
      value = JSON.parse(jsonText);
    } catch {
      return null;
    }
  }
  return {
    joinRef: joinRef || null,
    ref: ref || null,
    topic,
    event: 'broadcast',
    payload: { type: 'broadcast', event },
    broadcast: { event, value, binary: encoding === ENC_BINARY ? Buffer.from(body) : null, jsonText },
  };
}

/** A JSON-framed broadcast push ({type: 'broadcast', event, payload}) as a BroadcastBody; null when malformed. */
export function broadcastFromJson(payload: unknown): BroadcastBody | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const p = payload as Record<string, unknown>;
  if (p.type !== 'broadcast' || typeof p.event !== 'string' || p.event.length === 0 || Buffer.byteLength(p.event) > 255) return null;
  return { event: p.event, value: p.payload ?? {}, binary: null, jsonText: null };
}

export function encodeMessage(
  vsn: Vsn,
  joinRef: string | null,
  ref: string | null,
  topic: string,
  event: string,
  payload: unknown,
): string {
  return vsn === '2.0.0'
    ? JSON.stringify([joinRef, ref, topic, event, payload])
    : JSON.stringify({ topic, event, payload, ref, join_ref: joinRef });
}

/** The same message with payload already serialised (fan-out serialises shared data once). */
export function encodeRaw(vsn: Vsn, joinRef: string | null, topic: string, event: string, payloadJson: string): string {
  return vsn === '2.0.0'
    ? `[${JSON.stringify(joinRef)},null,${JSON.stringify(topic)},${JSON.stringify(event)},${payloadJson}]`
    : `{"topic":${JSON.stringify(topic)},"event":${JSON.stringify(event)},"payload":${payloadJson},"ref":null,"join_ref":${JSON.stringify(joinRef)}}`;
}

/** Frames of one broadcast, built at most once per vsn whatever the number of recipients. */
export class BroadcastFrames {
  private v2: Buffer | undefined;
  private v1: string | null | undefined;
  constructor(
    private readonly topic: string,
    private readonly body: BroadcastBody,
  ) {}

  for(vsn: Vsn): Buffer | string | null {
    if (vsn === '2.0.0') return (this.v2 ??= this.userBroadcast());
    if (this.v1 === undefined) {
      // vsn 1.0.0 has no binary frames: raw-byte payloads cannot reach those clients.
      this.v1 = this.body.binary
        ? null
        : encodeMessage('1.0.0', null, null, this.topic, 'broadcast', {
            type: 'broadcast',
            event: this.body.event,
            payload: this.body.value,
          });
    }
    return this.v1;
  }

  private userBroadcast(): Buffer {
    const topic = Buffer.from(this.topic, 'utf8');
    const event = Buffer.from(this.body.event, 'utf8');
    const payload = this.body.binary ?? Buffer.from(this.body.jsonText ?? JSON.stringify(this.body.value) ?? 'null', 'utf8');
    const header = Buffer.from([KIND_USER_BROADCAST, topic.length, event.length, 0, this.body.binary ? ENC_BINARY : ENC_JSON]);
    return Buffer.concat([header, topic, event, payload]);
  }
}

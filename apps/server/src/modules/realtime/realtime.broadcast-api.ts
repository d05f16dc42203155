import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { bearerToken } from '../../plugins/auth-context.js';
import type { ViewerResolver } from './realtime.auth.js';
import type { RealtimeHub } from './realtime.hub.js';
import type { Viewer } from './realtime.policies.js';
import type { BroadcastBody } from './realtime.protocol.js';
import { authorizeChannel, topicProblem, writeDenied, type ChannelGrant } from './realtime.topics.js';

const MAX_MESSAGES = 100;
const MAX_BODY_BYTES = 1024 * 1024;

type Problem = { status: number; error: string; message: string };
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const validName = (v: unknown, max: number): v is string => typeof v === 'string' && v.length > 0 && Buffer.byteLength(v) <= max;

/**
 * The caller needs a valid API key, and a valid token if it sends one: like the socket, never anonymous by accident.
 * The viewer is resolved as the socket resolves a join's access_token (the bearer token, else the API key).
 */
async function callerOf(req: FastifyRequest, ctx: AppContext, resolver: ViewerResolver): Promise<Problem | { viewer: Viewer }> {
  const apiKey = typeof req.headers.apikey === 'string' ? req.headers.apikey : null;
  if (!apiKey) return { status: 401, error: 'no_api_key', message: 'apikey header is required' };
  try {
    await ctx.jwt.verifyApiKey(apiKey);
  } catch {
    return { status: 401, error: 'invalid_api_key', message: 'Invalid API key' };
  }
  const r = await resolver.resolve(bearerToken(req) ?? apiKey);
  if (!r.ok)
    return r.transient
      ? { status: 503, error: 'unavailable', message: r.reason }
      : { status: 401, error: 'invalid_token', message: r.reason };
  if (r.expiresAt <= Date.now()) return { status: 401, error: 'invalid_token', message: 'Token has expired' };
  return { viewer: r.viewer };
}

/** The key a REST message fans out under, by the rules of a socket that joined the topic and sent it. */
function sendGrant(viewer: Viewer, subTopic: string, isPrivate: boolean): Problem | ChannelGrant {
  const topic = `realtime:${subTopic}`;
  const bad = topicProblem(topic);
  if (bad) return { status: 400, error: 'invalid_topic', message: bad };
  const r = authorizeChannel(viewer, { topic, private: isPrivate, presence: false, tables: [] });
  if (!r.ok || !r.grant.send) return { status: 403, error: 'Unauthorized', message: writeDenied(subTopic) };
  return r.grant;
}

const isProblem = (v: object): v is Problem => 'status' in v;

const send = (reply: FastifyReply, p: Problem) => reply.code(p.status).send({ error: p.error, message: p.message });

/**
 * REST broadcast, where realtime-js falls back when a channel cannot push (send() before the join completed)
 * and where httpSend() posts. Same rules as a socket's broadcast (realtime.topics.ts); a batch is refused whole
 * if one message may not be sent. Fanned out to this process's sockets.
 */
export async function broadcastApiRoutes(app: FastifyInstance, ctx: AppContext, hub: RealtimeHub, resolver: ViewerResolver): Promise<void> {
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: MAX_BODY_BYTES }, (_req, body, done) =>
    done(null, body),
  );

  app.post('/realtime/v1/api/broadcast', { bodyLimit: MAX_BODY_BYTES }, async (req, reply) => {
    const caller = await callerOf(req, ctx, resolver);
    if (isProblem(caller)) return send(reply, caller);
    const body = req.body;
    const messages = isObject(body) ? body.messages : undefined;
    if (!Array.isArray(messages) || messages.length === 0 || messages.length > MAX_MESSAGES) {
      return send(reply, { status: 400, error: 'invalid_body', message: `messages must be an array of 1 to ${MAX_MESSAGES} items` });
    }
    const valid: { key: string; topic: string; body: BroadcastBody }[] = [];
    for (const m of messages) {
      if (
        !isObject(m) ||
        !validName(m.topic, 246) ||
        !validName(m.event, 255) ||
        (m.private !== undefined && typeof m.private !== 'boolean')
      ) {
        return send(reply, { status: 400, error: 'invalid_body', message: 'each message needs a topic and an event' });
      }
      const grant = sendGrant(caller.viewer, m.topic, m.private === true);
      if (isProblem(grant)) return send(reply, grant);
      valid.push({
        key: grant.key,
        topic: `realtime:${m.topic}`,
        body: { event: m.event, value: m.payload ?? {}, binary: null, jsonText: null },
      });
    }
    for (const v of valid) hub.fanOut(v.key, v.topic, v.body, null);
    return reply.code(202).send();
  });

  app.post<{ Params: { topic: string; event: string } }>(
    '/realtime/v1/api/broadcast/:topic/events/:event',
    { bodyLimit: MAX_BODY_BYTES },
    async (req, reply) => {
      const caller = await callerOf(req, ctx, resolver);
      if (isProblem(caller)) return send(reply, caller);
      const { topic, event } = req.params;
      if (!validName(topic, 246) || !validName(event, 255))
        return send(reply, { status: 400, error: 'invalid_topic', message: 'invalid topic or event' });
      const grant = sendGrant(caller.viewer, topic, (req.query as Record<string, unknown>).private === 'true');
      if (isProblem(grant)) return send(reply, grant);
      const binary = Buffer.isBuffer(req.body) ? req.body : null;
      hub.fanOut(grant.key, `realtime:${topic}`, { event, value: binary ? null : (req.body ?? {}), binary, jsonText: null }, null);
      return reply.code(202).send();
    },
  );
}

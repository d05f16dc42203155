import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { bearerToken, resolvePrincipal } from '../../plugins/auth-context.js';
import type { RealtimeHub } from './realtime.hub.js';
import type { BroadcastBody } from './realtime.protocol.js';

const MAX_MESSAGES = 100;
const MAX_BODY_BYTES = 1024 * 1024;

type Problem = { status: number; error: string; message: string };
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const validName = (v: unknown, max: number): v is string => typeof v === 'string' && v.length > 0 && Buffer.byteLength(v) <= max;

/** The caller needs a valid API key, and a valid token if it sends one: like the socket, never anonymous by accident. */
async function authorize(req: FastifyRequest, ctx: AppContext): Promise<Problem | null> {
  const apiKey = typeof req.headers.apikey === 'string' ? req.headers.apikey : null;
  if (!apiKey) return { status: 401, error: 'no_api_key', message: 'apikey header is required' };
  try {
    await ctx.jwt.verifyApiKey(apiKey);
  } catch {
    return { status: 401, error: 'invalid_api_key', message: 'Invalid API key' };
  }
  const p = await resolvePrincipal(ctx.db, ctx.jwt, bearerToken(req), apiKey);
  if (p.kind === 'invalid') return { status: 401, error: 'invalid_token', message: p.reason };
  return null;
}

const send = (reply: FastifyReply, p: Problem) => reply.code(p.status).send({ error: p.error, message: p.message });

/**
 * REST broadcast, where realtime-js falls back when a channel cannot push (send() before the join completed)
 * and where httpSend() posts. Public channels only, fanned out to this process's sockets.
 */
export async function broadcastApiRoutes(app: FastifyInstance, ctx: AppContext, hub: RealtimeHub): Promise<void> {
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: MAX_BODY_BYTES }, (_req, body, done) => done(null, body));

  app.post('/realtime/v1/api/broadcast', { bodyLimit: MAX_BODY_BYTES }, async (req, reply) => {
    const problem = await authorize(req, ctx);
    if (problem) return send(reply, problem);
    const body = req.body;
    const messages = isObject(body) ? body.messages : undefined;
    if (!Array.isArray(messages) || messages.length === 0 || messages.length > MAX_MESSAGES) {
      return send(reply, { status: 400, error: 'invalid_body', message: `messages must be an array of 1 to ${MAX_MESSAGES} items` });
    }
    const valid: { topic: string; body: BroadcastBody }[] = [];
    for (const m of messages) {
      if (!isObject(m) || !validName(m.topic, 246) || !validName(m.event, 255)) {
        return send(reply, { status: 400, error: 'invalid_body', message: 'each message needs a topic and an event' });
      }
      if (m.private === true) return send(reply, { status: 403, error: 'private_unsupported', message: 'private channels are not supported' });
      valid.push({ topic: `realtime:${m.topic}`, body: { event: m.event, value: m.payload ?? {}, binary: null, jsonText: null } });
    }
    for (const v of valid) hub.broadcast(v.topic, v.body, null);
    return reply.code(202).send();
  });

  app.post<{ Params: { topic: string; event: string } }>(
    '/realtime/v1/api/broadcast/:topic/events/:event',
    { bodyLimit: MAX_BODY_BYTES },
    async (req, reply) => {
      const problem = await authorize(req, ctx);
      if (problem) return send(reply, problem);
      const { topic, event } = req.params;
      if (!validName(topic, 246) || !validName(event, 255)) return send(reply, { status: 400, error: 'invalid_topic', message: 'invalid topic or event' });
      if ((req.query as Record<string, unknown>).private === 'true') {
        return send(reply, { status: 403, error: 'private_unsupported', message: 'private channels are not supported' });
      }
      const binary = Buffer.isBuffer(req.body) ? req.body : null;
      hub.broadcast(`realtime:${topic}`, { event, value: binary ? null : (req.body ?? {}), binary, jsonText: null }, null);
      return reply.code(202).send();
    },
  );
}

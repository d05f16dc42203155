import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_TIMEOUT_MS } from '@market/contracts/plain';
import { resolveTarget, UnsafeUrlError } from '../../lib/outbound-address.js';

export interface SendResult {
  status: number | null;
  excerpt: string | null;
  error: string | null;
  durationMs: number;
}

const EXCERPT_BYTES = 1024;

/**
 * One POST of a signed body. The host is resolved and checked again here (DNS rebinding) and the connection goes to
 * the checked address; redirects are not followed (a 3xx is a failed attempt); 15 s for the whole answer.
 */
export async function postWebhook(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  allowPrivate: boolean,
): Promise<SendResult> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  let target;
  try {
    target = await resolveTarget(rawUrl, allowPrivate);
  } catch (err) {
    const why = err instanceof UnsafeUrlError ? `The address ${err.message}` : 'The address could not be checked';
    return { status: null, excerpt: null, error: why, durationMs: took() };
  }
  const pinned: LookupFunction = (_host, opts, cb) => {
    if ((opts as { all?: boolean }).all)
      (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address: target.address, family: target.family },
      ]);
    else cb(null, target.address, target.family);
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const done = (r: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, durationMs: took() });
    };
    const req = client.request(
      target.url,
      {
        method: 'POST',
        lookup: pinned,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'MarketBackOffice-Webhooks/1',
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (size < EXCERPT_BYTES) chunks.push(c);
          size += c.length;
        });
        res.on('end', () => {
          const excerpt = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8');
          const status = res.statusCode ?? null;
          const redirect = status !== null && status >= 300 && status < 400;
          done({ status, excerpt, error: redirect ? 'Redirects are not followed' : null });
        });
        res.on('error', (err) => done({ status: res.statusCode ?? null, excerpt: null, error: err.message }));
      },
    );
    const timer = setTimeout(() => {
      done({ status: null, excerpt: null, error: `No complete answer within ${WEBHOOK_TIMEOUT_MS / 1000} s` });
      req.destroy();
    }, WEBHOOK_TIMEOUT_MS);
    req.on('error', (err) => done({ status: null, excerpt: null, error: err.message }));
    req.end(body);
  });
}

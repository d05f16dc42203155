import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './helpers';

/** A 1 x 1 PNG: small, and a real image the server re-encodes. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** An access token for a demo account, through the auth service as supabase-js signs in. */
export async function tokenOf(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<string> {
  const { anonKey } = await (await request.get('/api/v1/config')).json();
  const res = await request.post('/auth/v1/token?grant_type=password', { headers: { apikey: anonKey }, data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).access_token as string;
}

/**
 * The newest e-mail of a template sent to an address, read from the outbox as a super admin would on
 * the e-mail page (without SMTP the server keeps every message there). Waits for it to appear.
 */
export async function newestMail(
  request: APIRequestContext,
  to: string,
  template: string,
): Promise<{ subject: string; textBody: string; htmlBody: string | null }> {
  const headers = { authorization: `Bearer ${await tokenOf(request, 'super-admin@demo.market')}` };
  let id: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(
          `/api/v1/email-outbox?to=${encodeURIComponent(to)}&template=${encodeURIComponent(template)}&limit=1`,
          { headers },
        );
        id = (await res.json()).items?.[0]?.id;
        return id;
      },
      { message: `an e-mail ${template} to ${to}`, timeout: 10_000 },
    )
    .toBeTruthy();
  return (await request.get(`/api/v1/email-outbox/${id}`, { headers })).json();
}

/** The first link of a message that contains the given text. */
export function linkIn(text: string, contains: string): string {
  const link = text.match(/https?:\/\/\S+/g)?.find((l) => l.includes(contains));
  expect(link, `a link containing ${contains} in:\n${text}`).toBeTruthy();
  return link!;
}

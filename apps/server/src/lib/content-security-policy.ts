import { createHash } from 'node:crypto';

/** The body of every `<script>` without a `src` in a page: the only scripts a policy has to name by hash. */
export function inlineScripts(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (!/\bsrc\s*=/i.test(m[1]!)) out.push(m[2]!);
  }
  return out;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The SPA's Content-Security-Policy. Access tokens live in localStorage, so an injected script would own
 * the session: scripts run only from this origin or when they are one of the page's own inline scripts
 * (by hash). Styles allow inline elements because the toast and dialog libraries inject `<style>` tags;
 * images may come from any https origin (map tiles, avatar URLs a user typed) but never run code.
 */
export function spaContentSecurityPolicy(html: string): string {
  const scripts = [...new Set(inlineScripts(html).map(sha256))];
  return [
    "default-src 'self'",
    `script-src 'self' ${scripts.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

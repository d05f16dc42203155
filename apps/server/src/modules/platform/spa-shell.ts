import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Where index.html wants the public configuration: before its own scripts, which read it. */
export const CONFIG_MARKER = '<!--market:config-->';

/**
 * The SPA shell with the public configuration inlined, so the first render needs no extra request: at the
 * marker when the page has one, else just before `</head>`.
 */
export function withInlineConfig(html: string, config: unknown): string {
  const script = `<script>window.__MARKET_CONFIG__=${JSON.stringify(config).replace(/</g, '\\u003c')}</script>`;
  return html.includes(CONFIG_MARKER) ? html.replace(CONFIG_MARKER, script) : html.replace('</head>', `${script}</head>`);
}

export interface ShellBody {
  body: string | Buffer;
  /** The Content-Encoding header to send, if any. */
  encoding: 'br' | 'gzip' | null;
}

/**
 * The shell compressed once at start-up (it is the same for every page); each request gets the best
 * encoding its Accept-Encoding allows (brotli, then gzip, else the text).
 */
export function compressedShell(html: string): (acceptEncoding: string | undefined) => ShellBody {
  const br = brotliCompressSync(Buffer.from(html), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  const gz = gzipSync(Buffer.from(html), { level: 9 });
  return (acceptEncoding) => {
    const accepted = new Set(
      (acceptEncoding ?? '')
        .split(',')
        .map((part) => part.trim().split(';'))
        .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
        .map(([name]) => name!.trim().toLowerCase()),
    );
    if (accepted.has('br')) return { body: br, encoding: 'br' };
    if (accepted.has('gzip')) return { body: gz, encoding: 'gzip' };
    return { body: html, encoding: null };
  };
}

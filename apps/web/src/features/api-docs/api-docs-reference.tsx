import { ApiReferenceReact } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';
import './api-docs-reference.css';
import { useEffect, useMemo, useRef } from 'react';
import type { OpenApiDocument } from './use-openapi-document';

/** Who the reference's try-it requests are sent as. */
export type TryItCredential = { kind: 'session'; token: string | null } | { kind: 'apiKey'; key: string };

const BEARER = /^Bearer\s+/i;

/**
 * Scalar's interactive reference (a Vue app mounted by its React wrapper; this module and Scalar load only on
 * /api-docs). Everything it needs comes from this origin: no fonts, proxy, telemetry or agent from Scalar's
 * servers. Try-it sends requests to /api/v1 here with the credential the page chose.
 */
export default function ApiDocsReference({
  document,
  credential,
  dark,
}: {
  document: OpenApiDocument;
  credential: TryItCredential;
  dark: boolean;
}) {
  // Scalar keeps a token it was given; a request built after the session refreshed carries the current one.
  const current = useRef(credential);
  const sessionTokens = useRef(new Set<string>());
  current.current = credential;
  if (credential.kind === 'session' && credential.token) sessionTokens.current.add(credential.token);

  const token = credential.kind === 'session' ? credential.token : credential.key;
  const scheme = credential.kind === 'session' ? 'bearerAuth' : 'apiKey';
  const configuration = useMemo(
    () => ({
      content: document,
      theme: 'none' as const,
      withDefaultFonts: false,
      forceDarkModeState: dark ? ('dark' as const) : ('light' as const),
      hideDarkModeToggle: true,
      telemetry: false,
      agent: { disabled: true },
      mcp: { disabled: true },
      showDeveloperTools: 'never' as const,
      documentDownloadType: 'json' as const,
      persistAuth: false,
      baseServerURL: window.location.origin,
      servers: [{ url: window.location.origin, description: 'This server' }],
      authentication: { preferredSecurityScheme: scheme, securitySchemes: { [scheme]: { token: token ?? '' } } },
      onRequestBuilt: ({ request }: { request: Request }) => {
        const now = current.current;
        const sent = request.headers.get('authorization')?.replace(BEARER, '');
        if (now.kind === 'session' && now.token && sent && sent !== now.token && sessionTokens.current.has(sent)) {
          request.headers.set('authorization', `Bearer ${now.token}`);
        }
      },
    }),
    [document, dark, scheme, token],
  );

  // Scalar marks <body> light or dark for its own variables; the rest of the app does not want the mark left behind.
  useEffect(() => () => window.document.body.classList.remove('light-mode', 'dark-mode'), []);

  return (
    <div className="api-docs-reference" dir="ltr" lang="en">
      {/* Scalar reads its colour mode once, when it mounts: a new theme mounts it again. */}
      <ApiReferenceReact key={dark ? 'dark' : 'light'} configuration={configuration} />
    </div>
  );
}

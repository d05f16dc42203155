import { useQuery } from '@tanstack/react-query';

/** Where the server serves the OpenAPI document of /api/v1 (generated from the contracts, public). */
export const OPENAPI_URL = '/api/v1/openapi.json';

export type OpenApiDocument = { openapi: string; info: { title: string; version: string }; paths: Record<string, unknown> };

export const apiDocsKeys = { document: ['api-docs', 'document'] as const };

/** The OpenAPI document; it changes only with a new server version, so it is read once per visit. */
export function useOpenApiDocument() {
  return useQuery({
    queryKey: apiDocsKeys.document,
    queryFn: async ({ signal }): Promise<OpenApiDocument> => {
      const res = await fetch(OPENAPI_URL, { signal, headers: { accept: 'application/json' } });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const doc = (await res.json()) as Partial<OpenApiDocument>;
      if (typeof doc.openapi !== 'string' || typeof doc.paths !== 'object') throw new Error('Not an OpenAPI document');
      return doc as OpenApiDocument;
    },
    staleTime: 10 * 60_000,
  });
}

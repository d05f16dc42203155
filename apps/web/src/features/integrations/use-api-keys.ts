import type { integrationsRoutes as r } from '@market/contracts';
import { integrationsRoutes as routes } from '@market/contracts/plain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type ApiKey = r.ApiKey;
export type ApiKeyScope = r.ApiKeyScope;
export type ApiKeyCreate = r.ApiKeyCreate;
export type ApiKeyIssued = r.ApiKeyIssued;

export const apiKeyKeys = {
  all: ['integrations', 'api-keys'] as const,
};

export function useApiKeys() {
  return useQuery({ queryKey: apiKeyKeys.all, queryFn: () => api(routes.listApiKeys) });
}

export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiKeyCreate) => api(routes.createApiKey, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

export function useRollApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, overlapHours }: { id: string; overlapHours: number }) =>
      api(routes.rollApiKey, { params: { id }, body: { overlapHours } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(routes.revokeApiKey, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

import type { integrationsRoutes as r } from '@market/contracts';
import { integrationsRoutes as routes } from '@market/contracts/plain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../app/i18n/i18n-provider';
import { api } from '../../lib/api';
import { guardStale } from '../../lib/stale-write';

export type WebhookEndpoint = r.WebhookEndpoint;
export type WebhookEndpointCreate = r.WebhookEndpointCreate;
export type WebhookEndpointChange = Omit<r.WebhookEndpointUpdate, 'expectedUpdatedAt'>;
export type WebhookDelivery = r.WebhookDelivery;
export type WebhookDeliveryDetail = r.WebhookDeliveryDetail;

export const webhookKeys = {
  all: ['integrations', 'webhooks'] as const,
  endpoints: ['integrations', 'webhooks', 'endpoints'] as const,
  secret: (id: string) => ['integrations', 'webhooks', 'secret', id] as const,
  deliveries: (id: string) => ['integrations', 'webhooks', 'deliveries', id] as const,
  delivery: (id: string, deliveryId: string) => ['integrations', 'webhooks', 'deliveries', id, deliveryId] as const,
};

export function useWebhookEndpoints() {
  return useQuery({ queryKey: webhookKeys.endpoints, queryFn: () => api(routes.listWebhookEndpoints) });
}

/** The endpoint's signing secret, fetched only when asked for (reveal). */
export function useWebhookSecret(id: string, enabled: boolean) {
  return useQuery({
    queryKey: webhookKeys.secret(id),
    queryFn: () => api(routes.getWebhookSecret, { params: { id } }),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

/** The delivery log; refreshed every few seconds while something is still waiting to be sent. */
export function useWebhookDeliveries(id: string) {
  return useQuery({
    queryKey: webhookKeys.deliveries(id),
    queryFn: () => api(routes.listWebhookDeliveries, { params: { id }, query: {} }),
    refetchInterval: (q) => (q.state.data?.some((d) => d.status === 'pending') ? 2000 : false),
  });
}

export function useWebhookDelivery(id: string, deliveryId: string | null) {
  return useQuery({
    queryKey: webhookKeys.delivery(id, deliveryId ?? ''),
    queryFn: () => api(routes.getWebhookDelivery, { params: { id, deliveryId: deliveryId! } }),
    enabled: deliveryId !== null,
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 2000 : false),
  });
}

/** Adds an endpoint (answers it with its secret), or changes one with the updatedAt it was opened on. */
export function useSaveWebhookEndpoint() {
  const qc = useQueryClient();
  const t = useT();
  const invalidate = () => qc.invalidateQueries({ queryKey: webhookKeys.all });
  return useMutation({
    mutationFn: async ({
      id,
      body,
      expectedUpdatedAt,
    }: {
      id?: string;
      body: WebhookEndpointCreate | WebhookEndpointChange;
      expectedUpdatedAt?: string;
    }): Promise<WebhookEndpoint & { secret?: string }> =>
      id
        ? guardStale(
            () => api(routes.updateWebhookEndpoint, { params: { id }, body: { ...body, expectedUpdatedAt: expectedUpdatedAt ?? '' } }),
            t('edit.staleWrite'),
            invalidate,
          )
        : api(routes.createWebhookEndpoint, { body: body as WebhookEndpointCreate }),
    onSuccess: invalidate,
  });
}

export function useDeleteWebhookEndpoint() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(routes.deleteWebhookEndpoint, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export function useRotateWebhookSecret() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(routes.rotateWebhookSecret, { params: { id } }),
    onSuccess: (_d, id) => {
      void qc.invalidateQueries({ queryKey: webhookKeys.endpoints });
      void qc.invalidateQueries({ queryKey: webhookKeys.secret(id) });
    },
  });
}

export function useSendWebhookTest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(routes.sendWebhookTest, { params: { id } }),
    onSuccess: (_d, id) => qc.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
}

export function useReplayWebhookDelivery() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, deliveryId }: { id: string; deliveryId: string }) =>
      api(routes.replayWebhookDelivery, { params: { id, deliveryId } }),
    onSuccess: (_d, { id }) => qc.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
}

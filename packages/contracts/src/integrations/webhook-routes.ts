import { z } from 'zod';
import { defineRoute } from '../common/route.js';
import {
  webhookDeliveriesQuery,
  webhookDeliveryDetailSchema,
  webhookDeliverySchema,
  webhookEndpointCreateSchema,
  webhookEndpointSchema,
  webhookEndpointUpdateSchema,
  webhookEndpointWithSecretSchema,
  webhookSecretSchema,
} from './webhook-schemas.js';

export * from './webhook-schemas.js';

const idParams = z.object({ id: z.uuid() }).strict();
const deliveryParams = z.object({ id: z.uuid(), deliveryId: z.uuid() }).strict();
const access = { permission: 'integrations' } as const;
const tag = 'integrations';

export const listWebhookEndpoints = defineRoute({
  method: 'GET',
  path: '/webhook-endpoints',
  tag,
  summary: "The organization's outgoing webhook endpoints with their health, newest first",
  access,
  response: z.array(webhookEndpointSchema),
});

export const createWebhookEndpoint = defineRoute({
  method: 'POST',
  path: '/webhook-endpoints',
  tag,
  summary:
    'Add an endpoint (https; private, loopback and link-local addresses refused unless the operator allows them) with its events; answers its whsec_ signing secret',
  access,
  body: webhookEndpointCreateSchema,
  response: webhookEndpointWithSecretSchema,
  status: 201,
});

export const getWebhookEndpoint = defineRoute({
  method: 'GET',
  path: '/webhook-endpoints/:id',
  tag,
  summary: 'One endpoint with its health',
  access,
  params: idParams,
  response: webhookEndpointSchema,
});

export const updateWebhookEndpoint = defineRoute({
  method: 'PATCH',
  path: '/webhook-endpoints/:id',
  tag,
  summary: 'Change the address, description or events, or enable or disable the endpoint (enabling clears its failure streak)',
  access,
  params: idParams,
  body: webhookEndpointUpdateSchema,
  response: webhookEndpointSchema,
});

export const deleteWebhookEndpoint = defineRoute({
  method: 'DELETE',
  path: '/webhook-endpoints/:id',
  tag,
  summary: 'Remove the endpoint with its delivery log',
  access,
  params: idParams,
  response: z.object({ ok: z.literal(true) }),
});

export const getWebhookSecret = defineRoute({
  method: 'GET',
  path: '/webhook-endpoints/:id/secret',
  tag,
  summary: "The endpoint's whsec_ signing secret",
  access,
  params: idParams,
  response: webhookSecretSchema,
});

export const rotateWebhookSecret = defineRoute({
  method: 'POST',
  path: '/webhook-endpoints/:id/rotate-secret',
  tag,
  summary: 'Make a new signing secret; the previous one also signs (a second v1 signature) for 24 hours',
  access,
  params: idParams,
  response: webhookEndpointWithSecretSchema,
  status: 201,
});

export const sendWebhookTest = defineRoute({
  method: 'POST',
  path: '/webhook-endpoints/:id/test',
  tag,
  summary: 'Queue a webhook.test event to the endpoint',
  access,
  params: idParams,
  response: webhookDeliverySchema,
  status: 202,
});

export const listWebhookDeliveries = defineRoute({
  method: 'GET',
  path: '/webhook-endpoints/:id/deliveries',
  tag,
  summary: "The endpoint's delivery log, newest first",
  access,
  params: idParams,
  query: webhookDeliveriesQuery,
  response: z.array(webhookDeliverySchema),
});

export const getWebhookDelivery = defineRoute({
  method: 'GET',
  path: '/webhook-endpoints/:id/deliveries/:deliveryId',
  tag,
  summary: 'One delivery with its payload and every attempt (request headers, response status, body excerpt, duration, error)',
  access,
  params: deliveryParams,
  response: webhookDeliveryDetailSchema,
});

export const replayWebhookDelivery = defineRoute({
  method: 'POST',
  path: '/webhook-endpoints/:id/deliveries/:deliveryId/replay',
  tag,
  summary: 'Send one delivery again now, with the same webhook-id (a new attempt)',
  access,
  params: deliveryParams,
  response: webhookDeliverySchema,
  status: 202,
});

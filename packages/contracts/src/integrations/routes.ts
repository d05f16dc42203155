// Integrations (/integrations, permission integrations): API keys (decision 023) and outgoing webhooks.
export * from './api-key-routes.js';
export * from './webhook-routes.js';

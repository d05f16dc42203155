import { defineRoute } from '../common/route.js';
import { healthSchema, meSchema, profileSchema, profileUpdateSchema, publicConfigSchema } from './schemas.js';

export const health = defineRoute({
  method: 'GET',
  path: '/health',
  tag: 'platform',
  summary: 'Liveness: the process answers (no database work)',
  access: { public: true },
  compress: false,
  response: healthSchema,
});
export const readiness = defineRoute({
  method: 'GET',
  path: '/health/ready',
  tag: 'platform',
  summary: 'Readiness: the database answers',
  access: { public: true },
  compress: false,
  response: healthSchema,
});
export const publicConfig = defineRoute({
  method: 'GET',
  path: '/config',
  tag: 'platform',
  summary: 'Public configuration for the SPA',
  access: { public: true },
  compress: false,
  response: publicConfigSchema,
});
export const getMe = defineRoute({
  method: 'GET',
  path: '/me',
  tag: 'platform',
  summary: 'The signed-in user, organization, role and permissions',
  access: { authenticated: true },
  response: meSchema,
});
export const getProfile = defineRoute({
  method: 'GET',
  path: '/profile',
  tag: 'platform',
  summary: 'The signed-in user profile',
  access: { authenticated: true },
  response: profileSchema.nullable(),
});
export const updateProfile = defineRoute({
  method: 'PUT',
  path: '/profile',
  tag: 'platform',
  summary: 'Create or update the signed-in user profile',
  access: { authenticated: true },
  body: profileUpdateSchema,
  response: profileSchema,
});

import { z } from 'zod';
import { defineRoute } from '../common/route.js';
import {
  healthSchema,
  idParams,
  languageCreateSchema,
  languageSchema,
  languageUpdateSchema,
  meSchema,
  okSchema,
  profileSchema,
  profileUpdateSchema,
  publicConfigSchema,
  translationCreateSchema,
  translationSchema,
  translationUpdateSchema,
} from './schemas.js';

export const health = defineRoute({
  method: 'GET', path: '/health', tag: 'platform', summary: 'Liveness: the process answers (no database work)',
  access: { public: true }, compress: false, response: healthSchema,
});
export const readiness = defineRoute({
  method: 'GET', path: '/health/ready', tag: 'platform', summary: 'Readiness: the database answers',
  access: { public: true }, compress: false, response: healthSchema,
});
export const publicConfig = defineRoute({
  method: 'GET', path: '/config', tag: 'platform', summary: 'Public configuration for the SPA',
  access: { public: true }, compress: false, response: publicConfigSchema,
});
export const getMe = defineRoute({
  method: 'GET', path: '/me', tag: 'platform', summary: 'The signed-in user, organization, role and permissions',
  access: { authenticated: true }, response: meSchema,
});
export const getProfile = defineRoute({
  method: 'GET', path: '/profile', tag: 'platform', summary: 'The signed-in user profile',
  access: { authenticated: true }, response: profileSchema.nullable(),
});
export const updateProfile = defineRoute({
  method: 'PUT', path: '/profile', tag: 'platform', summary: 'Create or update the signed-in user profile',
  access: { authenticated: true }, body: profileUpdateSchema, response: profileSchema,
});
export const listLanguages = defineRoute({
  method: 'GET', path: '/languages', tag: 'languages', summary: 'Active languages by sort order',
  access: { public: true },
  query: z.object({ all: z.enum(['true', 'false']).optional() }).strict(),
  response: z.array(languageSchema),
});
export const createLanguage = defineRoute({
  method: 'POST', path: '/languages', tag: 'languages', summary: 'Add a language',
  access: { permission: 'master_data' }, body: languageCreateSchema, response: languageSchema, status: 201,
});
export const updateLanguage = defineRoute({
  method: 'PATCH', path: '/languages/:id', tag: 'languages', summary: 'Change a language',
  access: { permission: 'master_data' }, params: idParams, body: languageUpdateSchema, response: languageSchema,
});
export const deleteLanguage = defineRoute({
  method: 'DELETE', path: '/languages/:id', tag: 'languages', summary: 'Remove a language and its translations',
  access: { permission: 'master_data' }, params: idParams, response: okSchema,
});
export const listTranslations = defineRoute({
  method: 'GET', path: '/translations', tag: 'languages', summary: 'All translations',
  access: { public: true },
  query: z.object({ language: z.string().max(20).optional() }).strict(),
  response: z.array(translationSchema),
});
export const createTranslation = defineRoute({
  method: 'POST', path: '/translations', tag: 'languages', summary: 'Add a translation',
  access: { permission: 'master_data' }, body: translationCreateSchema, response: translationSchema, status: 201,
});
export const updateTranslation = defineRoute({
  method: 'PATCH', path: '/translations/:id', tag: 'languages', summary: 'Change a translation',
  access: { permission: 'master_data' }, params: idParams, body: translationUpdateSchema, response: translationSchema,
});
export const deleteTranslation = defineRoute({
  method: 'DELETE', path: '/translations/:id', tag: 'languages', summary: 'Remove a translation',
  access: { permission: 'master_data' }, params: idParams, response: okSchema,
});

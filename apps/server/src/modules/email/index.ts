// E-mail: the outbox worker (Mailer), its admin routes, and the text helpers other modules' e-mails use.
export { emailRoutes } from './email.routes.js';
export { Mailer } from './email.service.js';
export { defang, escapeHtml } from './email-templates.js';

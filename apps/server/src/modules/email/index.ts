// E-mail: the outbox worker (Mailer), its admin routes, and the text helpers other modules' e-mails use.
export { emailRoutes } from './email.routes.js';
export { Mailer } from './email.service.js';
export { defang, emailDocument, escapeHtml } from './email-templates.js';
export {
  asEmailLanguage,
  emailDirection,
  metadataLanguage,
  recipientLanguage,
  withLanguage,
  type EmailLanguage,
} from './email-language.js';

// E-mail: the outbox worker (Mailer), its admin routes, and the text helpers other modules' e-mails use.
export { emailRoutes } from './email.routes.js';
export { errorText, Mailer } from './email.service.js';
export {
  defang,
  emailDocument,
  escapeHtml,
  renderTemplateText,
  SHIPPED_TEMPLATES,
  templateLink,
  type TemplateText,
} from './email-templates.js';
export { loadOrgSmtp, senderOf, smtpOf, transportFor, type OrgSmtp } from './email-smtp.js';
export { lockActor, recentActions } from './email.repository.js';
export {
  asEmailLanguage,
  emailDirection,
  metadataLanguage,
  recipientLanguage,
  withLanguage,
  type EmailLanguage,
} from './email-language.js';

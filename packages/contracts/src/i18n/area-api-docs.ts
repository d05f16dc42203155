import type { TranslationEntry } from './types.js';

// API documentation (/api-docs): the chrome around the interactive reference (the reference itself stays English).
export const API_DOCS = {
  'apiDocs.subtitle': {
    en: 'Every route of the REST API with the permission it needs, and a console to try it.',
    ar: 'كل مسارات واجهة REST مع الصلاحية التي يحتاجها كل منها، ووحدة لتجربتها.',
  },
  'apiDocs.download': { en: 'Download the OpenAPI document', ar: 'تنزيل مستند OpenAPI' },
  'apiDocs.loading': { en: 'Loading the API reference…', ar: 'جارٍ تحميل مرجع الواجهة…' },
  'apiDocs.loadFailed': { en: 'The API description could not be loaded.', ar: 'تعذّر تحميل وصف الواجهة.' },
  'apiDocs.viewerFailed': { en: 'The reference viewer could not be loaded.', ar: 'تعذّر تحميل عارض المرجع.' },
  'apiDocs.reference': { en: 'API reference', ar: 'مرجع الواجهة' },
  'apiDocs.englishOnly': {
    en: 'The reference is written in English.',
    ar: 'المرجع مكتوب باللغة الإنجليزية.',
  },
  'apiDocs.credentials.title': { en: 'Try requests as', ar: 'جرّب الطلبات باسم' },
  'apiDocs.credentials.session': { en: 'Your session', ar: 'جلستك' },
  'apiDocs.credentials.sessionHint': {
    en: 'Requests you try carry your own session, with your permissions, in your organization.',
    ar: 'تحمل الطلبات التي تجربها جلستك أنت، بصلاحياتك، داخل مؤسستك.',
  },
  'apiDocs.credentials.apiKey': { en: 'An API key', ar: 'مفتاح واجهة' },
  'apiDocs.credentials.apiKeyLabel': { en: 'API key', ar: 'مفتاح الواجهة' },
  'apiDocs.credentials.apiKeyHint': {
    en: 'Paste a key made under Integrations. It stays in this page and is forgotten when you leave it.',
    ar: 'الصق مفتاحًا أُنشئ في صفحة التكاملات. يبقى في هذه الصفحة ويُنسى عند مغادرتها.',
  },
  'apiDocs.credentials.apiKeyInvalid': {
    en: 'An API key starts with mbo_live_.',
    ar: 'يبدأ مفتاح الواجهة بـ mbo_live_.',
  },
  'apiDocs.credentials.use': { en: 'Use this key', ar: 'استخدم هذا المفتاح' },
  'apiDocs.credentials.inUse': { en: 'Requests are sent with the key {prefix}…', ar: 'تُرسل الطلبات بالمفتاح {prefix}…' },
} satisfies Record<string, TranslationEntry>;

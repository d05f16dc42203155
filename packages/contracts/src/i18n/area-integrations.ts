import type { TranslationEntry } from './types.js';

// Integrations (/integrations): the page, its tabs, and the API keys section (decision 023).
export const INTEGRATIONS = {
  'integrations.subtitle': {
    en: 'Let other systems use the API with keys of limited scope, and tell them about changes with signed webhooks.',
    ar: 'اسمح للأنظمة الأخرى باستخدام الواجهة البرمجية بمفاتيح محدودة الصلاحيات، وأخبرها بالتغييرات عبر webhooks موقّعة.',
  },
  'integrations.tabs': { en: 'Integration sections', ar: 'أقسام التكاملات' },
  'integrations.tab.apiKeys': { en: 'API keys', ar: 'مفاتيح API' },
  'integrations.tab.webhooks': { en: 'Webhooks', ar: 'خطافات الويب' },

  'integrations.apiKeys.intro': {
    en: 'A key acts for this organization with exactly its scopes. Send it as “Authorization: Bearer …” to the API.',
    ar: 'يعمل المفتاح باسم هذه المؤسسة بصلاحياته المحددة فقط. أرسله في الترويسة “Authorization: Bearer …” إلى الواجهة البرمجية.',
  },
  'integrations.apiKeys.new': { en: 'New API key', ar: 'مفتاح API جديد' },
  'integrations.apiKeys.loading': { en: 'Loading the API keys…', ar: 'جارٍ تحميل مفاتيح API…' },
  'integrations.apiKeys.loadFailed': { en: 'The API keys could not be loaded.', ar: 'تعذّر تحميل مفاتيح API.' },
  'integrations.apiKeys.empty': {
    en: 'No API keys yet. Make one for each system that uses the API.',
    ar: 'لا توجد مفاتيح API بعد. أنشئ مفتاحًا لكل نظام يستخدم الواجهة البرمجية.',
  },
  'integrations.apiKeys.table': { en: 'API keys of the organization', ar: 'مفاتيح API الخاصة بالمؤسسة' },
  'integrations.apiKeys.col.name': { en: 'Name', ar: 'الاسم' },
  'integrations.apiKeys.col.prefix': { en: 'Key', ar: 'المفتاح' },
  'integrations.apiKeys.col.scopes': { en: 'Scopes', ar: 'الصلاحيات' },
  'integrations.apiKeys.col.expires': { en: 'Expires', ar: 'ينتهي' },
  'integrations.apiKeys.col.lastUsed': { en: 'Last used', ar: 'آخر استخدام' },
  'integrations.apiKeys.col.status': { en: 'Status', ar: 'الحالة' },
  'integrations.apiKeys.col.actions': { en: 'Actions', ar: 'الإجراءات' },
  'integrations.apiKeys.never': { en: 'Never', ar: 'أبدًا' },
  'integrations.apiKeys.neverUsed': { en: 'Not used yet', ar: 'لم يُستخدم بعد' },
  'integrations.apiKeys.usedFrom': { en: '{time} from {address}', ar: '{time} من {address}' },
  'integrations.apiKeys.status.active': { en: 'Active', ar: 'نشط' },
  'integrations.apiKeys.status.rolling': { en: 'Replaced, works until it expires', ar: 'مستبدل، يعمل حتى انتهائه' },
  'integrations.apiKeys.status.expired': { en: 'Expired', ar: 'منتهي' },
  'integrations.apiKeys.status.revoked': { en: 'Revoked', ar: 'ملغى' },
  'integrations.apiKeys.access.none': { en: 'No access', ar: 'بلا وصول' },
  'integrations.apiKeys.access.read': { en: 'Read', ar: 'قراءة' },
  'integrations.apiKeys.access.write': { en: 'Read and write', ar: 'قراءة وكتابة' },
  'integrations.apiKeys.scope': { en: '{permission}: {access}', ar: '{permission}: صلاحية {access}' },
  'integrations.apiKeys.action.roll': { en: 'Roll', ar: 'استبدال' },
  'integrations.apiKeys.action.revoke': { en: 'Revoke', ar: 'إلغاء' },
  'integrations.apiKeys.action.rollNamed': { en: 'Roll the key “{name}”', ar: 'استبدال المفتاح «{name}»' },
  'integrations.apiKeys.action.revokeNamed': { en: 'Revoke the key “{name}”', ar: 'إلغاء المفتاح «{name}»' },

  'integrations.apiKeys.form.title': { en: 'New API key', ar: 'مفتاح API جديد' },
  'integrations.apiKeys.form.description': {
    en: 'Give the key only what the system needs. You can grant only what you hold yourself.',
    ar: 'امنح المفتاح ما يحتاجه النظام فقط. لا يمكنك منح إلا الصلاحيات التي تملكها أنت.',
  },
  'integrations.apiKeys.form.name': { en: 'Name', ar: 'الاسم' },
  'integrations.apiKeys.form.nameHint': {
    en: 'Which system uses it, e.g. “Online shop”.',
    ar: 'النظام الذي يستخدمه، مثل «المتجر الإلكتروني».',
  },
  'integrations.apiKeys.form.scopes': { en: 'Scopes', ar: 'الصلاحيات' },
  'integrations.apiKeys.form.scopesHint': {
    en: 'Read allows fetching only; read and write also allows changes.',
    ar: 'القراءة تسمح بالجلب فقط؛ القراءة والكتابة تسمح بالتعديل أيضًا.',
  },
  'integrations.apiKeys.form.scopesRequired': { en: 'Choose at least one scope.', ar: 'اختر صلاحية واحدة على الأقل.' },
  'integrations.apiKeys.form.expiry': { en: 'Expires on', ar: 'ينتهي في' },
  'integrations.apiKeys.form.expiryHint': {
    en: 'Leave empty for a key that works until it is revoked.',
    ar: 'اتركه فارغًا لمفتاح يعمل حتى إلغائه.',
  },
  'integrations.apiKeys.form.expiryPast': { en: 'Choose a day after today.', ar: 'اختر يومًا بعد اليوم.' },
  'integrations.apiKeys.form.nameRequired': { en: 'Enter a name.', ar: 'أدخل اسمًا.' },
  'integrations.apiKeys.form.submit': { en: 'Make the key', ar: 'إنشاء المفتاح' },
  'integrations.apiKeys.form.saving': { en: 'Making the key…', ar: 'جارٍ إنشاء المفتاح…' },

  'integrations.apiKeys.secret.title': { en: 'Copy your new API key', ar: 'انسخ مفتاح API الجديد' },
  'integrations.apiKeys.secret.warning': {
    en: 'This is the only time the whole key is shown. Store it somewhere safe now: it cannot be shown again.',
    ar: 'هذه هي المرة الوحيدة التي يظهر فيها المفتاح كاملًا. احفظه في مكان آمن الآن: لا يمكن عرضه مرة أخرى.',
  },
  'integrations.apiKeys.secret.label': { en: 'API key', ar: 'مفتاح API' },
  'integrations.apiKeys.secret.copy': { en: 'Copy', ar: 'نسخ' },
  'integrations.apiKeys.secret.copied': { en: 'Key copied', ar: 'تم نسخ المفتاح' },
  'integrations.apiKeys.secret.copyFailed': {
    en: 'The key could not be copied; select it and copy it by hand.',
    ar: 'تعذّر نسخ المفتاح؛ حدده وانسخه يدويًا.',
  },
  'integrations.apiKeys.secret.done': { en: 'I have stored it', ar: 'لقد حفظته' },
  'integrations.apiKeys.secret.oldUntil': {
    en: 'The old key keeps working until {time}.',
    ar: 'يبقى المفتاح القديم صالحًا حتى {time}.',
  },

  'integrations.apiKeys.roll.title': { en: 'Roll the key “{name}”', ar: 'استبدال المفتاح «{name}»' },
  'integrations.apiKeys.roll.body': {
    en: 'A new key with the same scopes replaces this one. Choose how long the old key keeps working, so the systems using it can switch.',
    ar: 'يحل مفتاح جديد بالصلاحيات نفسها محل هذا المفتاح. اختر المدة التي يبقى فيها المفتاح القديم صالحًا لتتمكن الأنظمة من التحويل.',
  },
  'integrations.apiKeys.roll.overlap': { en: 'The old key keeps working for', ar: 'يبقى المفتاح القديم صالحًا لمدة' },
  'integrations.apiKeys.roll.overlapNone': { en: 'No time: it stops now', ar: 'لا شيء: يتوقف الآن' },
  'integrations.apiKeys.roll.overlapHour': { en: 'One hour', ar: 'ساعة واحدة' },
  'integrations.apiKeys.roll.overlapDay': { en: 'One day', ar: 'يوم واحد' },
  'integrations.apiKeys.roll.overlapThreeDays': { en: 'Three days', ar: 'ثلاثة أيام' },
  'integrations.apiKeys.roll.overlapWeek': { en: 'Seven days', ar: 'سبعة أيام' },
  'integrations.apiKeys.roll.submit': { en: 'Roll the key', ar: 'استبدال المفتاح' },
  'integrations.apiKeys.roll.saving': { en: 'Rolling…', ar: 'جارٍ الاستبدال…' },

  'integrations.apiKeys.revoke.title': { en: 'Revoke the key “{name}”?', ar: 'إلغاء المفتاح «{name}»؟' },
  'integrations.apiKeys.revoke.body': {
    en: 'Every request with this key is refused from now on. This cannot be undone.',
    ar: 'سيُرفض كل طلب بهذا المفتاح من الآن. لا يمكن التراجع عن ذلك.',
  },
  'integrations.apiKeys.revoke.confirm': { en: 'Revoke', ar: 'إلغاء المفتاح' },
  'integrations.apiKeys.revoke.done': { en: 'The key was revoked.', ar: 'تم إلغاء المفتاح.' },
} satisfies Record<string, TranslationEntry>;

import type { TranslationEntry } from './types.js';

/**
 * Sentences of the dashboard's recent activity and the texts of its cards. An entry is told by its
 * action's verb template ({actor}, {object} and, for objects that are best named bare, {name}) and its
 * entity type's noun, with a name ("entity") or without one ("entityUnnamed"). Arabic uses the passive
 * ("تم ... بواسطة") so the sentence does not depend on the actor's gender.
 * apps/server/src/modules/dashboard/dashboard.sentences.test.ts checks every action the server writes has a verb.
 */
const verb = (en: string, ar: string): TranslationEntry => ({ en, ar });

const VERBS: Record<string, TranslationEntry> = {
  create: verb('{actor} created {object}', 'تم إنشاء {object} بواسطة {actor}'),
  update: verb('{actor} updated {object}', 'تم تحديث {object} بواسطة {actor}'),
  delete: verb('{actor} deleted {object}', 'تم حذف {object} بواسطة {actor}'),
  review: verb('{actor} reviewed {object}', 'تمت مراجعة {object} بواسطة {actor}'),
  status: verb('{actor} changed the status of {object}', 'تم تغيير حالة {object} بواسطة {actor}'),
  categories: verb('{actor} changed the categories of {object}', 'تم تغيير فئات {object} بواسطة {actor}'),
  link_user: verb('{actor} linked a user account to {object}', 'تم ربط حساب مستخدم مع {object} بواسطة {actor}'),
  unlink_user: verb('{actor} unlinked a user account from {object}', 'تم فصل حساب مستخدم عن {object} بواسطة {actor}'),
  adopt: verb('{actor} added {object} to the library', 'تمت إضافة {object} إلى المكتبة بواسطة {actor}'),
  create_folder: verb('{actor} created the folder “{name}”', 'تم إنشاء المجلد «{name}» بواسطة {actor}'),
  move_folder: verb('{actor} moved the folder “{name}”', 'تم نقل المجلد «{name}» بواسطة {actor}'),
  delete_folder: verb('{actor} deleted the folder “{name}”', 'تم حذف المجلد «{name}» بواسطة {actor}'),
  activate: verb('{actor} activated {object}', 'تم تفعيل {object} بواسطة {actor}'),
  deactivate: verb('{actor} deactivated {object}', 'تم إيقاف {object} بواسطة {actor}'),
  move: verb('{actor} moved {object}', 'تم نقل {object} بواسطة {actor}'),
  copy: verb('{actor} copied {object}', 'تم نسخ {object} بواسطة {actor}'),
  upload: verb('{actor} uploaded {object}', 'تم رفع {object} بواسطة {actor}'),
  publish: verb('{actor} published {object}', 'تم نشر {object} بواسطة {actor}'),
  complete: verb('{actor} marked {object} as completed', 'تم تعليم {object} كمكتمل بواسطة {actor}'),
  cancel: verb('{actor} cancelled {object}', 'تم إلغاء {object} بواسطة {actor}'),
  reinstate: verb('{actor} reinstated {object}', 'تمت إعادة {object} بواسطة {actor}'),
  restore: verb('{actor} restored an earlier version of {object}', 'تمت استعادة نسخة سابقة من {object} بواسطة {actor}'),
  generate: verb('{actor} generated market slots', 'تم توليد أكشاك السوق بواسطة {actor}'),
  generate_variants: verb('{actor} generated the variants of {object}', 'تم توليد متغيرات {object} بواسطة {actor}'),
  bulk: verb('{actor} changed {object} in a bulk edit', 'تم تغيير {object} ضمن تعديل جماعي بواسطة {actor}'),
  bulk_update: verb('{actor} updated variants in bulk', 'تم تحديث متغيرات دفعة واحدة بواسطة {actor}'),
  bulk_set_status: verb('{actor} changed the status of products in bulk', 'تم تغيير حالة منتجات دفعة واحدة بواسطة {actor}'),
  bulk_add_categories: verb('{actor} added categories to products in bulk', 'تمت إضافة فئات إلى منتجات دفعة واحدة بواسطة {actor}'),
  bulk_remove_categories: verb('{actor} removed categories from products in bulk', 'تمت إزالة فئات من منتجات دفعة واحدة بواسطة {actor}'),
  bulk_archive: verb('{actor} archived products in bulk', 'تمت أرشفة منتجات دفعة واحدة بواسطة {actor}'),
  update_capacities: verb('{actor} changed the capacities of {object}', 'تم تغيير سعات {object} بواسطة {actor}'),
  'application.submitted': verb('“{name}” sent an application', 'تم تقديم طلب من «{name}»'),
  'application.under_review': verb('{actor} started reviewing {object}', 'تم بدء مراجعة {object} بواسطة {actor}'),
  'application.info_requested': verb(
    '{actor} asked for more information about {object}',
    'تم طلب معلومات إضافية بشأن {object} بواسطة {actor}',
  ),
  'application.approved': verb('{actor} approved {object}', 'تمت الموافقة على {object} بواسطة {actor}'),
  'application.waitlisted': verb('{actor} put {object} on the waiting list', 'تم وضع {object} على قائمة الانتظار بواسطة {actor}'),
  'application.rejected': verb('{actor} rejected {object}', 'تم رفض {object} بواسطة {actor}'),
  'application.withdrawn': verb('“{name}” withdrew their application', 'تم سحب طلب «{name}»'),
  'application.updated': verb('{actor} edited {object}', 'تم تعديل {object} بواسطة {actor}'),
  'application.message': verb('{actor} wrote a message about {object}', 'تمت كتابة رسالة بشأن {object} بواسطة {actor}'),
  'application.score': verb('{actor} scored {object}', 'تم تقييم {object} بواسطة {actor}'),
  'application.document_review': verb('{actor} reviewed {object}', 'تمت مراجعة {object} بواسطة {actor}'),
  'application.account': verb('{actor} opened a vendor account for {object}', 'تم فتح حساب بائع من أجل {object} بواسطة {actor}'),
  'application_template.save': verb('{actor} saved {object}', 'تم حفظ {object} بواسطة {actor}'),
  'application_template.reset': verb('{actor} reset {object} to the default text', 'تمت إعادة {object} إلى النص الافتراضي بواسطة {actor}'),
  'application_settings.update': verb('{actor} changed the application settings', 'تم تغيير إعدادات الطلبات بواسطة {actor}'),
  'email.test_sent': verb('{actor} sent a test e-mail', 'تم إرسال بريد تجريبي بواسطة {actor}'),
  'auth.signup': verb('A new account signed up: {object}', 'تم إنشاء حساب جديد: {object}'),
  'auth.sign_in': verb('{actor} signed in', 'تم تسجيل دخول {actor}'),
  'auth.password_change': verb('{actor} changed their password', 'تم تغيير كلمة المرور بواسطة {actor}'),
  'auth.user_update': verb('{actor} updated their account', 'تم تحديث الحساب بواسطة {actor}'),
  'auth.email_change_requested': verb(
    '{actor} asked to change their e-mail address',
    'تم طلب تغيير عنوان البريد الإلكتروني بواسطة {actor}',
  ),
  'auth.email_change_sent': verb('{actor} asked to change their e-mail address', 'تم طلب تغيير عنوان البريد الإلكتروني بواسطة {actor}'),
  'auth.reauthentication_sent': verb('{actor} asked for a confirmation code', 'تم طلب رمز تأكيد بواسطة {actor}'),
  'auth.confirmation_sent': verb('A confirmation link was sent to {object}', 'تم إرسال رابط تأكيد إلى {object}'),
  'auth.magiclink_sent': verb('A sign-in link was sent to {object}', 'تم إرسال رابط دخول إلى {object}'),
  'auth.recovery_sent': verb('A password reset link was sent to {object}', 'تم إرسال رابط إعادة تعيين كلمة المرور إلى {object}'),
  'auth.verify.signup': verb('{actor} confirmed their e-mail address', 'تم تأكيد عنوان البريد الإلكتروني بواسطة {actor}'),
  'auth.verify.magiclink': verb('{actor} signed in with an e-mailed link', 'تم تسجيل دخول {actor} برابط مُرسل بالبريد'),
  'auth.verify.recovery': verb('{actor} used a password reset link', 'تم استخدام رابط إعادة تعيين كلمة المرور بواسطة {actor}'),
  'auth.verify.invite': verb('{actor} accepted an invitation', 'تم قبول دعوة بواسطة {actor}'),
  'auth.verify.email_change': verb('{actor} confirmed a new e-mail address', 'تم تأكيد عنوان بريد إلكتروني جديد بواسطة {actor}'),
  'auth.verify.reauthentication': verb('{actor} confirmed it was them', 'تم تأكيد الهوية بواسطة {actor}'),
  'auth.mfa.enroll': verb('{actor} added a two-step sign-in factor', 'تمت إضافة عامل تحقق بخطوتين بواسطة {actor}'),
  'auth.mfa.verify': verb('{actor} confirmed a two-step sign-in factor', 'تم تأكيد عامل تحقق بخطوتين بواسطة {actor}'),
  'auth.mfa.unenroll': verb('{actor} removed a two-step sign-in factor', 'تمت إزالة عامل تحقق بخطوتين بواسطة {actor}'),
  'auth.admin.create_user': verb('{actor} created {object}', 'تم إنشاء {object} بواسطة {actor}'),
  'auth.admin.update_user': verb('{actor} updated {object}', 'تم تحديث {object} بواسطة {actor}'),
  'auth.admin.delete_user': verb('{actor} deleted {object}', 'تم حذف {object} بواسطة {actor}'),
  'auth.admin.soft_delete_user': verb('{actor} deactivated {object}', 'تم إيقاف {object} بواسطة {actor}'),
  'auth.admin.invite': verb('{actor} invited {object}', 'تمت دعوة {object} بواسطة {actor}'),
  'auth.admin.generate_signup': verb('{actor} made a sign-up link for {object}', 'تم إنشاء رابط تسجيل من أجل {object} بواسطة {actor}'),
  'auth.admin.email_change': verb('{actor} changed the e-mail address of {object}', 'تم تغيير عنوان بريد {object} بواسطة {actor}'),
  'auth.admin.delete_factor': verb('{actor} removed a two-step sign-in factor', 'تمت إزالة عامل تحقق بخطوتين بواسطة {actor}'),
};

/** [with a name, without one] per entity type, English then Arabic. */
const NOUNS: Record<string, [en: string, ar: string, enUnnamed: string, arUnnamed: string]> = {
  product: ['the product “{name}”', 'المنتج «{name}»', 'a product', 'منتج'],
  product_variant: ['the variant “{name}”', 'المتغير «{name}»', 'a variant', 'متغير'],
  saved_view: ['the saved view “{name}”', 'العرض المحفوظ «{name}»', 'a saved view', 'عرض محفوظ'],
  asset: ['the asset “{name}”', 'الأصل «{name}»', 'an asset', 'أصل'],
  catalog_category: ['the category “{name}”', 'الفئة «{name}»', 'a category', 'فئة'],
  brand: ['the brand “{name}”', 'العلامة التجارية «{name}»', 'a brand', 'علامة تجارية'],
  unit: ['the unit “{name}”', 'الوحدة «{name}»', 'a unit', 'وحدة'],
  tax_class: ['the tax class “{name}”', 'فئة الضريبة «{name}»', 'a tax class', 'فئة ضريبة'],
  tax_rate: ['the tax rate “{name}”', 'نسبة الضريبة «{name}»', 'a tax rate', 'نسبة ضريبة'],
  currency: ['the currency “{name}”', 'العملة «{name}»', 'a currency', 'عملة'],
  attribute: ['the attribute “{name}”', 'السمة «{name}»', 'an attribute', 'سمة'],
  attribute_family: ['the attribute family “{name}”', 'عائلة السمات «{name}»', 'an attribute family', 'عائلة سمات'],
  language: ['the language “{name}”', 'اللغة «{name}»', 'a language', 'لغة'],
  organization_language: ['the language “{name}”', 'اللغة «{name}»', 'a language', 'لغة'],
  translation: ['the translation “{name}”', 'الترجمة «{name}»', 'a translation', 'ترجمة'],
  translation_override: ['the translation “{name}”', 'الترجمة «{name}»', 'a translation', 'ترجمة'],
  vendor: ['the vendor “{name}”', 'البائع «{name}»', 'a vendor', 'بائع'],
  vendor_document: ['the vendor document “{name}”', 'مستند البائع «{name}»', 'a vendor document', 'مستند بائع'],
  vendor_application: ['the application of “{name}”', 'طلب «{name}»', 'an application', 'طلب'],
  vendor_application_document: ['the application document “{name}”', 'مستند الطلب «{name}»', 'an application document', 'مستند طلب'],
  application_settings: ['the application settings', 'إعدادات الطلبات', 'the application settings', 'إعدادات الطلبات'],
  application_email_template: ['the e-mail template “{name}”', 'قالب البريد «{name}»', 'an e-mail template', 'قالب بريد'],
  workshop: ['the workshop “{name}”', 'الورشة «{name}»', 'a workshop', 'ورشة'],
  market_category: ['the market category “{name}”', 'فئة السوق «{name}»', 'a market category', 'فئة سوق'],
  market_location: ['the location “{name}”', 'الموقع «{name}»', 'a location', 'موقع'],
  market_slot: ['the slot “{name}”', 'الكشك «{name}»', 'a slot', 'كشك'],
  market_day: ['the market day of {name}', 'يوم السوق {name}', 'a market day', 'يوم سوق'],
  market_day_series: ['the market days from {name}', 'سلسلة أيام السوق ابتداءً من {name}', 'a series of market days', 'سلسلة أيام سوق'],
  profile: ['the profile of “{name}”', 'الملف الشخصي لـ«{name}»', 'a profile', 'ملفًا شخصيًا'],
  storage_bucket: ['the storage bucket “{name}”', 'حاوية التخزين «{name}»', 'a storage bucket', 'حاوية تخزين'],
  storage_object: ['the file “{name}”', 'الملف «{name}»', 'a file', 'ملف'],
  email_outbox: ['the e-mail “{name}”', 'البريد «{name}»', 'an e-mail', 'بريد'],
  'auth.user': ['the user account “{name}”', 'حساب المستخدم «{name}»', 'a user account', 'حساب مستخدم'],
  'auth.mfa_factor': ['the sign-in factor “{name}”', 'عامل التحقق «{name}»', 'a sign-in factor', 'عامل تحقق'],
};

const CARDS = {
  'dashboard.activity.system': { en: 'System', ar: 'النظام' },
  'dashboard.activity.formerMember': { en: 'A former member', ar: 'عضو سابق' },
  'dashboard.activity.fallback': { en: '{actor} changed {object}', ar: 'تم تغيير {object} بواسطة {actor}' },
  'dashboard.activity.fallbackEntity': { en: 'the record “{name}”', ar: 'السجل «{name}»' },
  'dashboard.activity.fallbackEntityUnnamed': { en: 'a record', ar: 'سجل' },
  'dashboard.card.failed': { en: 'This card could not be loaded.', ar: 'تعذّر تحميل هذه البطاقة.' },
  'dashboard.catalogue.title': { en: 'Catalogue', ar: 'الكتالوج' },
  'dashboard.catalogue.products': { en: 'products', ar: 'منتج' },
  'dashboard.catalogue.completeness': { en: 'Average completeness', ar: 'متوسط الاكتمال' },
  'dashboard.catalogue.complete': { en: '{complete} of {total} complete', ar: '{complete} من {total} مكتملة' },
  'dashboard.catalogue.oneChannel': {
    en: 'One channel until catalogue publishing exists: completeness covers the whole catalogue.',
    ar: 'قناة واحدة إلى أن يتوفر نشر الكتالوج: الاكتمال محسوب للكتالوج كله.',
  },
  'dashboard.catalogue.empty': { en: 'No products yet.', ar: 'لا توجد منتجات بعد.' },
  'dashboard.catalogue.add': { en: 'Add the first product', ar: 'أضف أول منتج' },
  'dashboard.chart.productsPerWeek': { en: 'Products created per week', ar: 'المنتجات المُنشأة أسبوعيًا' },
  'dashboard.chart.applicationsPerWeek': { en: 'Applications per week', ar: 'الطلبات أسبوعيًا' },
  'dashboard.chart.summary': { en: 'Last {weeks} weeks: {total} in all', ar: 'آخر {weeks} أسبوعًا: {total} إجمالًا' },
  'dashboard.chart.week': { en: 'Week starting', ar: 'الأسبوع الذي يبدأ في' },
  'dashboard.chart.count': { en: 'Count', ar: 'العدد' },
  'dashboard.chart.empty': { en: 'Nothing in the last {weeks} weeks.', ar: 'لا شيء خلال آخر {weeks} أسبوعًا.' },
  'dashboard.documents.title': { en: 'Documents expiring', ar: 'مستندات تنتهي صلاحيتها' },
  'dashboard.documents.within': { en: 'Vendor documents expiring within {days} days', ar: 'مستندات البائعين التي تنتهي خلال {days} يومًا' },
  'dashboard.documents.empty': {
    en: 'No vendor document expires in the next {days} days.',
    ar: 'لا ينتهي أي مستند بائع خلال الأيام الـ{days} القادمة.',
  },
  'dashboard.documents.expires': { en: 'expires {date}', ar: 'ينتهي في {date}' },
  'dashboard.documents.more': { en: 'and {count} more', ar: 'و{count} غيرها' },
} satisfies Record<string, TranslationEntry>;

/** Keys built from the action and entity type names: typed as a pattern, checked by the sentences test. */
type ActivityKey = `dashboard.activity.${'verb' | 'entity' | 'entityUnnamed'}.${string}`;
const entries: Record<string, TranslationEntry> = { ...CARDS };
for (const [action, entry] of Object.entries(VERBS)) entries[`dashboard.activity.verb.${action}`] = entry;
for (const [type, [en, ar, enUnnamed, arUnnamed]] of Object.entries(NOUNS)) {
  entries[`dashboard.activity.entity.${type}`] = { en, ar };
  entries[`dashboard.activity.entityUnnamed.${type}`] = { en: enUnnamed, ar: arUnnamed };
}

export const DASHBOARD = entries as typeof CARDS & Record<ActivityKey, TranslationEntry>;

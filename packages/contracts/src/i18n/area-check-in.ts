import type { TranslationEntry } from './types.js';

/**
 * Strings of check-in on the market day (phone width, offline queue). Counts are written as "label: n" so
 * Arabic needs no plural forms.
 */
export const CHECK_IN = {
  'checkIn.title': { en: 'Check-in', ar: 'تسجيل الحضور' },
  'checkIn.tab': { en: 'Check-in', ar: 'تسجيل الحضور' },
  'checkIn.day': { en: 'Market day', ar: 'يوم السوق' },
  'checkIn.noDays': {
    en: 'No published market days from last week to two months ahead: publish a day to check vendors in.',
    ar: 'لا توجد أيام سوق منشورة من الأسبوع الماضي حتى شهرين قادمين: انشر يوماً لتسجيل حضور البائعين.',
  },
  'checkIn.search.label': { en: 'Search or scan', ar: 'ابحث أو امسح الرمز' },
  'checkIn.search.placeholder': { en: 'Vendor, slot or vendor code', ar: 'البائع أو الكشك أو رمز البائع' },
  'checkIn.search.noMatch': { en: 'Nothing matches “{query}”.', ar: 'لا توجد نتائج مطابقة لـ «{query}».' },
  'checkIn.search.clear': { en: 'Clear the search', ar: 'مسح البحث' },
  'checkIn.loading': { en: 'Loading the check-in list…', ar: 'جارٍ تحميل قائمة الحضور…' },
  'checkIn.failed': { en: 'The check-in list could not be loaded.', ar: 'تعذّر تحميل قائمة الحضور.' },
  'checkIn.empty': { en: 'No bookings on this market day.', ar: 'لا توجد حجوزات في يوم السوق هذا.' },
  'checkIn.stale': {
    en: 'Showing the list as last loaded on this device.',
    ar: 'تُعرض القائمة كما حُمّلت آخر مرة على هذا الجهاز.',
  },
  'checkIn.counts': { en: 'Checked in: {checkedIn} of {total}', ar: 'تم تسجيل الحضور: {checkedIn} من {total}' },

  'checkIn.banner.waiting': { en: 'Waiting to sync: {count}', ar: 'بانتظار المزامنة: {count}' },
  'checkIn.banner.offline': {
    en: 'You are offline. Actions are kept on this device and sent when the connection returns.',
    ar: 'أنت غير متصل. تُحفظ الإجراءات على هذا الجهاز وتُرسل عند عودة الاتصال.',
  },
  'checkIn.banner.sending': { en: 'Sending…', ar: 'جارٍ الإرسال…' },
  'checkIn.banner.sendNow': { en: 'Send now', ar: 'أرسل الآن' },

  'checkIn.row.slot': { en: 'Slot {slot}', ar: 'الكشك {slot}' },
  'checkIn.row.code': { en: 'Code', ar: 'الرمز' },
  'checkIn.row.checkedInAt': { en: 'Checked in at {time}', ar: 'سُجّل الحضور الساعة {time}' },
  'checkIn.row.overridden': { en: 'Override: {reason}', ar: 'تجاوز: {reason}' },
  'checkIn.row.waiting.check_in': { en: 'Check-in waiting to sync', ar: 'تسجيل الحضور بانتظار المزامنة' },
  'checkIn.row.waiting.no_show': { en: 'No-show waiting to sync', ar: 'الغياب بانتظار المزامنة' },
  'checkIn.row.sending': { en: 'Sending…', ar: 'جارٍ الإرسال…' },
  'checkIn.row.warnings': { en: 'Would be refused: {reasons}', ar: 'سيُرفض: {reasons}' },

  'checkIn.action.checkIn': { en: 'Check in', ar: 'تسجيل الحضور' },
  'checkIn.action.noShow': { en: 'No-show', ar: 'لم يحضر' },
  'checkIn.action.confirmNoShow': { en: 'Confirm no-show', ar: 'تأكيد عدم الحضور' },
  'checkIn.action.override': { en: 'Override', ar: 'تجاوز' },
  'checkIn.action.dismiss': { en: 'Dismiss', ar: 'إخفاء' },

  'checkIn.status.confirmed': { en: 'Expected', ar: 'متوقع' },
  'checkIn.status.checked_in': { en: 'Checked in', ar: 'حاضر' },
  'checkIn.status.no_show': { en: 'No-show', ar: 'لم يحضر' },
  'checkIn.status.absent_approved': { en: 'Absent (approved)', ar: 'غائب (بإذن)' },
  'checkIn.status.absent_unapproved': { en: 'Absent (not approved)', ar: 'غائب (بدون إذن)' },
  'checkIn.status.cancelled': { en: 'Cancelled', ar: 'ملغى' },

  'checkIn.refusal.not_assigned': { en: 'Not assigned', ar: 'غير مخصّص' },
  'checkIn.refusal.unpaid': { en: 'Unpaid invoice', ar: 'فاتورة غير مدفوعة' },
  'checkIn.refusal.document_expired': { en: 'Document expired or missing', ar: 'وثيقة منتهية أو ناقصة' },
  'checkIn.refused': { en: 'Check-in refused: {reasons}', ar: 'رُفض تسجيل الحضور: {reasons}' },
  'checkIn.notRecorded': { en: '{vendor}: not recorded. {message}', ar: '{vendor}: لم يُسجَّل. {message}' },

  'checkIn.override.title': { en: 'Check in despite the refusal', ar: 'تسجيل الحضور رغم الرفض' },
  'checkIn.override.description': {
    en: '{vendor}: {reasons}. The reasons and your explanation are kept on the record.',
    ar: '{vendor}: {reasons}. تُحفظ الأسباب وتوضيحك في السجل.',
  },
  'checkIn.override.reason': { en: 'Reason for the override', ar: 'سبب التجاوز' },
  'checkIn.override.required': { en: 'Enter a reason.', ar: 'أدخل سببًا.' },
  'checkIn.override.confirm': { en: 'Check in anyway', ar: 'سجّل الحضور على أي حال' },
  'checkIn.override.back': { en: 'Back', ar: 'رجوع' },
} satisfies Record<string, TranslationEntry>;

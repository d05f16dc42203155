import type { TranslationEntry } from './types.js';

/** Strings of the "Today" view (keys start with today. and its route title), English and Arabic. */
export const TODAY = {
  'route.today': { en: 'Today', ar: 'اليوم' },
  'today.subtitle': { en: 'What happens in your organization today.', ar: 'ما يجري في مؤسستك اليوم.' },
  'today.calendarNote': {
    en: 'Dates follow the server’s calendar ({zone}); organizations have no time zone of their own yet.',
    ar: 'تتبع التواريخ تقويم الخادم ({zone})؛ لا توجد بعد منطقة زمنية خاصة بكل مؤسسة.',
  },
  'today.loading': { en: 'Loading today…', ar: 'جارٍ تحميل اليوم…' },
  'today.error': { en: 'Today’s view could not be loaded.', ar: 'تعذّر تحميل عرض اليوم.' },
  'today.retry': { en: 'Try again', ar: 'أعد المحاولة' },
  'today.marketDays': { en: 'Market days today', ar: 'أيام السوق اليوم' },
  'today.noMarketDays': { en: 'No market day is planned for today.', ar: 'لا يوجد يوم سوق مخطط له اليوم.' },
  'today.openMarketDays': { en: 'Open the market days calendar', ar: 'فتح تقويم أيام السوق' },
  'today.hours': { en: 'Set-up {setup} · open {open}–{close}', ar: 'التجهيز {setup} · مفتوح {open}–{close}' },
  'today.cancelReason': { en: 'Cancelled: {reason}', ar: 'أُلغي: {reason}' },
  'today.checkIn': { en: 'Check-in opens with market day operations.', ar: 'يبدأ تسجيل الحضور مع تشغيل عمليات يوم السوق.' },
  'today.applications': { en: 'Applications waiting', ar: 'طلبات بانتظار المراجعة' },
  'today.noApplications': { en: 'No application is waiting for you.', ar: 'لا توجد طلبات بانتظارك.' },
  'today.infoRequested': { en: 'waiting for the applicant: {count}', ar: 'بانتظار مقدّم الطلب: {count}' },
  'today.tasks': { en: 'Tasks due', ar: 'المهام المستحقة' },
  'today.tasksNotBuilt': {
    en: 'Tasks are not built yet, so none can be due. They will show here once tasks exist.',
    ar: 'المهام غير متوفرة بعد، لذا لا توجد مهام مستحقة. ستظهر هنا عند توفرها.',
  },
  'today.sales': { en: 'Sales today', ar: 'مبيعات اليوم' },
  'today.salesNotBuilt': {
    en: 'Point of sale is not built yet, so there are no sales to show. They will show here once it exists.',
    ar: 'نقاط البيع غير متوفرة بعد، لذا لا توجد مبيعات لعرضها. ستظهر هنا عند توفرها.',
  },
  'today.noMarketAccess': {
    en: 'Market days and applications are shown to members with the vendor management permission.',
    ar: 'تظهر أيام السوق والطلبات للأعضاء الذين لديهم صلاحية إدارة البائعين.',
  },
} satisfies Record<string, TranslationEntry>;

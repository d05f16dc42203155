import type { TranslationEntry } from './types.js';

/** The vendor dashboard's waitlist offers: a free stall offered to the vendor until the offer expires. */
export const VENDOR_OFFERS = {
  'vendorDashboard.offers.title': { en: 'Stall offers', ar: 'عروض الأماكن' },
  'vendorDashboard.offers.loadFailed': { en: 'Your offers could not be loaded.', ar: 'تعذر تحميل عروضك.' },
  'vendorDashboard.offers.empty': {
    en: 'No open offers. When a stall frees up on a day you are waiting for, it is offered here and by e-mail.',
    ar: 'لا توجد عروض مفتوحة. عندما يتوفر مكان في يوم تنتظره، يُعرض عليك هنا وبالبريد الإلكتروني.',
  },
  'vendorDashboard.offers.stall': { en: 'Stall {code} at {location} on {date}', ar: 'المكان {code} في {location} يوم {date}' },
  'vendorDashboard.offers.category': { en: 'Category: {category}', ar: 'الفئة: {category}' },
  'vendorDashboard.offers.expires': { en: 'Answer before {time}', ar: 'أجب قبل {time}' },
  'vendorDashboard.offers.accept': { en: 'Accept the stall', ar: 'قبول المكان' },
  'vendorDashboard.offers.decline': { en: 'Decline', ar: 'رفض' },
  'vendorDashboard.offers.accepted': { en: 'Booked: stall {code} on {date} is yours.', ar: 'تم الحجز: المكان {code} يوم {date} لك.' },
  'vendorDashboard.offers.declined': {
    en: 'Offer declined. The stall goes to the next vendor.',
    ar: 'تم رفض العرض. سيذهب المكان إلى البائع التالي.',
  },
  'vendorDashboard.offers.fromLink': { en: 'The offer from your e-mail', ar: 'العرض الوارد في بريدك' },
  'vendorDashboard.offers.linkGone': {
    en: 'The offer in your e-mail is no longer open: it was answered or it expired.',
    ar: 'العرض الوارد في بريدك لم يعد مفتوحاً: تمت الإجابة عليه أو انتهت مدته.',
  },
} satisfies Record<string, TranslationEntry>;

import type { TranslationEntry } from './types.js';

/** The waitlist of a market day on the board: the queue in offer order and the offers with their expiry. */
export const WAITLIST = {
  'waitlist.title': { en: 'Waitlist', ar: 'قائمة الانتظار' },
  'waitlist.description': {
    en: 'When a stall frees up, the first vendor in line gets an e-mailed offer for {hours} hours; then it passes to the next one on its own.',
    ar: 'عندما يتوفر مكان، يتلقى أول بائع في القائمة عرضاً بالبريد لمدة {hours} ساعة، ثم ينتقل تلقائياً إلى التالي.',
  },
  'waitlist.loadFailed': { en: 'The waitlist could not be loaded.', ar: 'تعذر تحميل قائمة الانتظار.' },
  'waitlist.empty': { en: 'Nobody is waiting for this day.', ar: 'لا أحد ينتظر هذا اليوم.' },
  'waitlist.offers': { en: 'Offers', ar: 'العروض' },
  'waitlist.queue': { en: 'In line', ar: 'في الانتظار' },
  'waitlist.position': { en: 'No. {position}', ar: 'رقم {position}' },
  'waitlist.moveUp': { en: 'Move {name} up', ar: 'تقديم {name}' },
  'waitlist.moveDown': { en: 'Move {name} down', ar: 'تأخير {name}' },
  'waitlist.offerSlot': { en: 'Offer a free stall to {name}', ar: 'عرض مكان متاح على {name}' },
  'waitlist.chooseSlot': { en: 'Free stall', ar: 'مكان متاح' },
  'waitlist.send': { en: 'Offer', ar: 'اعرض' },
  'waitlist.noFreeSlot': { en: 'No free stall fits this category', ar: 'لا يوجد مكان متاح يناسب هذه الفئة' },
  'waitlist.sent': { en: 'Offer sent to {name}', ar: 'تم إرسال العرض إلى {name}' },
  'waitlist.withdraw': { en: 'Withdraw', ar: 'سحب' },
  'waitlist.withdrawn': { en: 'Offer withdrawn; the stall passes to the next vendor', ar: 'تم سحب العرض؛ ينتقل المكان إلى البائع التالي' },
  'waitlist.offerLine': { en: '{name}: stall {code}', ar: '{name}: المكان {code}' },
  'waitlist.expiresAt': { en: 'expires {time}', ar: 'ينتهي {time}' },
  'waitlist.emailHeld': {
    en: 'E-mail held: the vendor already had {count} offer e-mails this hour. The offer is in their vendor dashboard.',
    ar: 'لم يُرسل البريد: تلقى البائع {count} رسائل عروض خلال هذه الساعة. العرض موجود في لوحة البائع.',
  },
  'waitlist.status.offered': { en: 'Open', ar: 'مفتوح' },
  'waitlist.status.accepted': { en: 'Accepted', ar: 'مقبول' },
  'waitlist.status.declined': { en: 'Declined', ar: 'مرفوض' },
  'waitlist.status.expired': { en: 'Expired', ar: 'منتهي' },
  'waitlist.status.withdrawn': { en: 'Withdrawn', ar: 'مسحوب' },
} satisfies Record<string, TranslationEntry>;

import type { TranslationEntry } from './types.js';

/** The automatic allocation dialog of a market day: a proposal with a reason per placement, then Apply. */
export const ALLOCATION = {
  'marketAssignments.allocation.title': { en: 'Automatic allocation', ar: 'التوزيع التلقائي' },
  'marketAssignments.allocation.open': { en: 'Allocate automatically', ar: 'وزّع تلقائياً' },
  'marketAssignments.allocation.description': {
    en: 'A proposal for {date}: accepted requests on free slots. Review it, then apply it.',
    ar: 'اقتراح ليوم {date}: الطلبات المقبولة على الأماكن الشاغرة. راجعه ثم طبّقه.',
  },
  'marketAssignments.allocation.descriptionLoading': {
    en: 'A proposal of accepted requests on free slots. Review it, then apply it.',
    ar: 'اقتراح للطلبات المقبولة على الأماكن الشاغرة. راجعه ثم طبّقه.',
  },
  'marketAssignments.allocation.keepUnlocked': { en: 'Keep unlocked bookings where they are', ar: 'إبقاء الحجوزات غير المقفلة في أماكنها' },
  'marketAssignments.allocation.keepUnlockedHint': {
    en: 'Turn off to let unlocked bookings move to make room. Locked and checked-in bookings never move.',
    ar: 'أوقف هذا الخيار للسماح بنقل الحجوزات غير المقفلة لإفساح المجال. الحجوزات المقفلة والتي سجلت حضورها لا تُنقل أبدًا.',
  },
  'marketAssignments.allocation.loading': { en: 'Working out a proposal…', ar: 'جارٍ إعداد الاقتراح…' },
  'marketAssignments.allocation.loadFailed': { en: 'The proposal could not be made.', ar: 'تعذر إعداد الاقتراح.' },
  'marketAssignments.allocation.placements': { en: 'Placements ({count})', ar: 'التوزيعات ({count})' },
  'marketAssignments.allocation.noPlacements': {
    en: 'Nothing to place: no accepted request is waiting for a fitting free slot.',
    ar: 'لا يوجد ما يُوزَّع: لا يوجد طلب مقبول ينتظر مكانًا شاغرًا مناسبًا.',
  },
  'marketAssignments.allocation.slot': { en: 'Slot', ar: 'المكان' },
  'marketAssignments.allocation.vendor': { en: 'Vendor', ar: 'البائع' },
  'marketAssignments.allocation.category': { en: 'Category', ar: 'الفئة' },
  'marketAssignments.allocation.why': { en: 'Why', ar: 'السبب' },
  'marketAssignments.allocation.reason.kept_previous_slot': {
    en: 'Kept the slot held on {date}',
    ar: 'احتفظ بالمكان الذي شغله يوم {date}',
  },
  'marketAssignments.allocation.reason.kept_previous_slot_undated': { en: 'Kept an earlier slot', ar: 'احتفظ بمكان سابق' },
  'marketAssignments.allocation.reason.only_fitting_slot': { en: 'Only fitting free slot', ar: 'المكان الشاغر المناسب الوحيد' },
  'marketAssignments.allocation.reason.apart_from_same_category': {
    en: 'Apart from vendors of the same category',
    ar: 'بعيدًا عن بائعي الفئة نفسها',
  },
  'marketAssignments.allocation.reason.category_slot': { en: 'A slot meant for its category', ar: 'مكان مخصص لفئته' },
  'marketAssignments.allocation.reason.any_free_slot': { en: 'First free slot', ar: 'أول مكان شاغر' },
  'marketAssignments.allocation.released': { en: 'Moved off their slots ({count})', ar: 'نُقلوا من أماكنهم ({count})' },
  'marketAssignments.allocation.releasedItem': {
    en: '{vendor} leaves slot {code} and is placed again',
    ar: '{vendor} يغادر المكان {code} ويُوزَّع من جديد',
  },
  'marketAssignments.allocation.unplacedTitle': { en: 'Not placed ({count})', ar: 'لم يُوزَّعوا ({count})' },
  'marketAssignments.allocation.unplaced.no_fitting_slot': { en: 'No fitting free slot', ar: 'لا يوجد مكان شاغر مناسب' },
  'marketAssignments.allocation.unplaced.category_full': {
    en: 'The category is full that day',
    ar: 'الفئة مكتملة في ذلك اليوم',
  },
  'marketAssignments.allocation.unplaced.not_eligible': {
    en: 'Not eligible that day: {message}',
    ar: 'غير مؤهل في ذلك اليوم: {message}',
  },
  'marketAssignments.allocation.freeAfter': {
    en: 'Free slots left after applying: {count}',
    ar: 'الأماكن الشاغرة بعد التطبيق: {count}',
  },
  'marketAssignments.allocation.apply': { en: 'Apply proposal', ar: 'تطبيق الاقتراح' },
  'marketAssignments.allocation.close': { en: 'Close', ar: 'إغلاق' },
  'marketAssignments.allocation.applied': {
    en: 'Booked {created} vendors, moved {released}.',
    ar: 'تم حجز {created} من البائعين، ونقل {released}.',
  },
  'marketAssignments.allocation.changed': {
    en: 'The day changed since the proposal: review it again. The proposal below is new.',
    ar: 'تغيّر اليوم منذ الاقتراح: راجعه مرة أخرى. الاقتراح أدناه جديد.',
  },
  // The dashboard's recent activity names the allocation (dashboard.sentences.test.ts).
  'dashboard.activity.verb.allocate': {
    en: '{actor} allocated the free slots of {object}',
    ar: 'تم توزيع الأماكن الشاغرة في {object} بواسطة {actor}',
  },
} satisfies Record<string, TranslationEntry>;

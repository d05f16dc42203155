import type { TranslationEntry } from './types.js';

/** Strings of the public map area (English and Arabic). */
export const PUBLIC_MAP = {
  'map.title': { en: 'Market map', ar: 'خريطة الأسواق' },
  'map.subtitle': { en: 'Where and when the markets take place.', ar: 'أين ومتى تقام الأسواق.' },
  'map.loading': { en: 'Loading the markets…', ar: 'جارٍ تحميل الأسواق…' },
  'map.loadFailed': { en: 'The markets could not be loaded. Try again in a moment.', ar: 'تعذر تحميل الأسواق. حاول مرة أخرى بعد قليل.' },
  'map.retry': { en: 'Try again', ar: 'إعادة المحاولة' },
  'map.empty': { en: 'No markets are published yet. Check back soon.', ar: 'لم تُنشر أي أسواق بعد. عد قريباً.' },
  'map.truncated': { en: 'Showing the first {count} markets.', ar: 'تُعرض أول {count} من الأسواق.' },
  'map.count': { en: 'Markets: {count}', ar: 'عدد الأسواق: {count}' },
  'map.organizer': { en: 'Run by {name}', ar: 'تنظيم {name}' },
  'map.noPoint': { en: 'Not on the map yet', ar: 'غير محدد على الخريطة بعد' },
  'map.showOnMap': { en: 'Show on map', ar: 'إظهار على الخريطة' },
  'map.upcoming': { en: 'Upcoming market days', ar: 'أيام السوق القادمة' },
  'map.noDays': { en: 'No upcoming market days yet.', ar: 'لا توجد أيام سوق قادمة بعد.' },
  'map.setup': { en: 'set-up from {time}', ar: 'التجهيز من {time}' },
  'map.amenities': { en: 'Amenities', ar: 'المرافق' },
  'map.showPlan': { en: 'Show slot plan', ar: 'عرض مخطط الأكشاك' },
  'map.hidePlan': { en: 'Hide slot plan', ar: 'إخفاء مخطط الأكشاك' },
  'map.plan': { en: 'Slot plan of {name}', ar: 'مخطط أكشاك {name}' },
  'map.planLoading': { en: 'Loading the plan…', ar: 'جارٍ تحميل المخطط…' },
  'map.planFailed': { en: 'The plan could not be loaded.', ar: 'تعذر تحميل المخطط.' },
  'map.planEmpty': { en: 'No slots on the plan yet.', ar: 'لا توجد أكشاك على المخطط بعد.' },
  'map.slotCount': { en: 'slots: {count}', ar: 'الأكشاك: {count}' },
  'map.tilesUnavailable': {
    en: 'Map tiles are unavailable right now; the markers are shown on a plain background.',
    ar: 'صور الخريطة غير متاحة الآن؛ تظهر العلامات على خلفية فارغة.',
  },
  'map.region': { en: 'Map of the markets', ar: 'خريطة الأسواق' },
  'map.zoomIn': { en: 'Zoom in', ar: 'تكبير' },
  'map.zoomOut': { en: 'Zoom out', ar: 'تصغير' },
} satisfies Record<string, TranslationEntry>;

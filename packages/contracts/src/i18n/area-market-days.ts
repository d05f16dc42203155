import type { TranslationEntry } from './types.js';

/** Strings of the market days area (English and Arabic). Counts are written as "label: n" so Arabic needs no plural forms. */
export const MARKET_DAYS = {
  'marketDays.page.description': {
    en: 'Plan market days and weekly series, publish them and set how many vendors each category gets.',
    ar: 'خطّط أيام السوق والسلاسل الأسبوعية، وانشرها، وحدّد عدد البائعين لكل فئة.',
  },
  'marketDays.page.newDay': { en: 'New market day', ar: 'يوم سوق جديد' },
  'marketDays.page.views': { en: 'Views', ar: 'طرق العرض' },
  'marketDays.page.failed': { en: 'The market days could not be loaded.', ar: 'تعذّر تحميل أيام السوق.' },
  'marketDays.page.emptyMonth': { en: 'No market days in this month.', ar: 'لا توجد أيام سوق في هذا الشهر.' },

  'marketDays.view.calendar': { en: 'Calendar', ar: 'التقويم' },
  'marketDays.view.list': { en: 'List', ar: 'القائمة' },
  'marketDays.view.series': { en: 'Series', ar: 'السلاسل' },

  'marketDays.status.draft': { en: 'Draft', ar: 'مسودة' },
  'marketDays.status.published': { en: 'Published', ar: 'منشور' },
  'marketDays.status.completed': { en: 'Completed', ar: 'مكتمل' },
  'marketDays.status.cancelled': { en: 'Cancelled', ar: 'ملغى' },

  'marketDays.field.location': { en: 'Location', ar: 'الموقع' },
  'marketDays.field.date': { en: 'Date', ar: 'التاريخ' },
  'marketDays.field.status': { en: 'Status', ar: 'الحالة' },
  'marketDays.field.setupTime': { en: 'Set-up from', ar: 'التجهيز من' },
  'marketDays.field.openTime': { en: 'Opens', ar: 'يفتح' },
  'marketDays.field.closeTime': { en: 'Closes', ar: 'يغلق' },
  'marketDays.field.window': { en: 'Application window', ar: 'فترة تقديم الطلبات' },
  'marketDays.field.applicationOpensAt': { en: 'Applications open', ar: 'بدء تقديم الطلبات' },
  'marketDays.field.applicationClosesAt': { en: 'Applications close', ar: 'انتهاء تقديم الطلبات' },
  'marketDays.field.notes': { en: 'Notes', ar: 'ملاحظات' },
  'marketDays.field.weekday': { en: 'Weekday', ar: 'يوم الأسبوع' },
  'marketDays.field.startDate': { en: 'First date', ar: 'تاريخ البداية' },
  'marketDays.field.endDate': { en: 'Last date', ar: 'تاريخ النهاية' },

  'marketDays.filter.allLocations': { en: 'All locations', ar: 'كل المواقع' },
  'marketDays.filter.allStatuses': { en: 'All statuses', ar: 'كل الحالات' },

  'marketDays.calendar.previous': { en: 'Previous month', ar: 'الشهر السابق' },
  'marketDays.calendar.next': { en: 'Next month', ar: 'الشهر التالي' },
  'marketDays.calendar.thisMonth': { en: 'This month', ar: 'هذا الشهر' },
  'marketDays.calendar.count': { en: 'market days: {count}', ar: 'أيام السوق: {count}' },
  'marketDays.calendar.more': { en: '+{count} more', ar: '+{count} أخرى' },
  'marketDays.calendar.addOn': { en: 'New market day on {date}', ar: 'يوم سوق جديد في {date}' },
  'marketDays.calendar.addThisDate': { en: 'Add a market day on this date', ar: 'إضافة يوم سوق في هذا التاريخ' },
  'marketDays.calendar.legend': { en: 'Colours by status', ar: 'الألوان حسب الحالة' },
  'marketDays.calendar.nothingOnDate': { en: 'No market day on this date.', ar: 'لا يوجد يوم سوق في هذا التاريخ.' },

  'marketDays.list.hours': { en: 'Hours', ar: 'ساعات العمل' },
  'marketDays.list.capacity': { en: 'Capacity', ar: 'السعة' },
  'marketDays.list.capacityValue': { en: 'Capacity: {count}', ar: 'السعة: {count}' },
  'marketDays.list.series': { en: 'Series', ar: 'السلسلة' },
  'marketDays.list.inSeries': { en: 'Weekly series', ar: 'سلسلة أسبوعية' },
  'marketDays.list.detached': { en: 'Edited on its own', ar: 'معدّل بشكل منفصل' },
  'marketDays.list.range': { en: 'Market days from {from} to {to}.', ar: 'أيام السوق من {from} إلى {to}.' },
  'marketDays.list.showLater': { en: 'Show the next 3 months', ar: 'عرض الأشهر الثلاثة التالية' },
  'marketDays.list.empty': { en: 'No market days from {from} to {to}.', ar: 'لا توجد أيام سوق من {from} إلى {to}.' },
  'marketDays.list.emptyHint': {
    en: 'Look further ahead, or plan a market day.',
    ar: 'اعرض الأشهر التالية، أو خطّط يوم سوق جديدًا.',
  },

  'marketDays.locations.choose': { en: 'Choose a location', ar: 'اختر موقعًا' },
  'marketDays.locations.failed': { en: 'The locations could not be loaded.', ar: 'تعذّر تحميل المواقع.' },
  'marketDays.locations.none': {
    en: 'There is no active location yet. A super admin adds locations under Locations.',
    ar: 'لا يوجد موقع نشط بعد. يضيف المشرف العام المواقع من صفحة المواقع.',
  },

  'marketDays.form.createTitle': { en: 'New market day', ar: 'يوم سوق جديد' },
  'marketDays.form.editTitle': { en: 'Edit market day', ar: 'تعديل يوم السوق' },
  'marketDays.form.createDescription': {
    en: 'The day starts as a draft; publish it to show it on the public map.',
    ar: 'يبدأ اليوم كمسودة؛ انشره ليظهر على الخريطة العامة.',
  },
  'marketDays.form.detachWarning': {
    en: 'This day belongs to a weekly series. Saving a change here detaches it: later changes to the series will leave this day alone.',
    ar: 'هذا اليوم جزء من سلسلة أسبوعية. حفظ أي تغيير هنا يفصله عنها: لن تؤثر التعديلات اللاحقة على السلسلة في هذا اليوم.',
  },
  'marketDays.form.alreadyDetached': {
    en: 'This day was edited on its own: changes to its series leave it alone.',
    ar: 'عُدّل هذا اليوم بشكل منفصل: تعديلات سلسلته لا تؤثر فيه.',
  },
  'marketDays.form.windowHint': {
    en: 'Optional. Applications must close no later than the day opens. Times are in your time zone.',
    ar: 'اختياري. يجب أن ينتهي تقديم الطلبات قبل افتتاح اليوم أو عنده. الأوقات بتوقيتك المحلي.',
  },
  'marketDays.form.save': { en: 'Save', ar: 'حفظ' },
  'marketDays.form.saving': { en: 'Saving…', ar: 'جارٍ الحفظ…' },

  'marketDays.error.required': { en: 'This field is required.', ar: 'هذا الحقل مطلوب.' },
  'marketDays.error.time': { en: 'Enter a time such as 09:00.', ar: 'أدخل وقتًا مثل 09:00.' },
  'marketDays.error.setupAfterOpen': {
    en: 'Set-up must start no later than the opening time.',
    ar: 'يجب أن يبدأ التجهيز قبل وقت الافتتاح أو عنده.',
  },
  'marketDays.error.closeBeforeOpen': { en: 'Closing must be later than opening.', ar: 'يجب أن يكون الإغلاق بعد الافتتاح.' },
  'marketDays.error.windowBoth': {
    en: 'Give both the opening and the closing of applications, or neither.',
    ar: 'أدخل بداية تقديم الطلبات ونهايته معًا، أو اتركهما فارغين.',
  },
  'marketDays.error.windowOrder': { en: 'Applications must close after they open.', ar: 'يجب أن ينتهي تقديم الطلبات بعد بدايته.' },
  'marketDays.error.windowAfterOpening': {
    en: 'Applications must close no later than the market day opens.',
    ar: 'يجب أن ينتهي تقديم الطلبات قبل افتتاح يوم السوق أو عنده.',
  },
  'marketDays.error.endBeforeStart': {
    en: 'The last date must be on or after the first date.',
    ar: 'يجب أن يكون تاريخ النهاية في تاريخ البداية أو بعده.',
  },
  'marketDays.error.tooLong': { en: 'A series can last at most two years.', ar: 'لا يمكن أن تزيد مدة السلسلة على سنتين.' },
  'marketDays.error.dateTaken': {
    en: 'Another market day takes place at this location on this date.',
    ar: 'يوجد يوم سوق آخر في هذا الموقع في هذا التاريخ.',
  },
  'marketDays.error.datesTaken': {
    en: 'Other market days already take place at this location on {dates}. Skip these dates.',
    ar: 'توجد أيام سوق أخرى في هذا الموقع في {dates}. تخطَّ هذه التواريخ.',
  },
  'marketDays.error.publishedWouldDrop': {
    en: 'Published market days would drop out of the series: {dates}. Cancel them first, or keep their dates in the series.',
    ar: 'ستخرج أيام سوق منشورة من السلسلة: {dates}. ألغِها أولًا، أو أبقِ تواريخها في السلسلة.',
  },
  'marketDays.error.noDates': {
    en: 'The series has no dates: choose other dates or skip fewer.',
    ar: 'لا توجد تواريخ في السلسلة: اختر تواريخ أخرى أو تخطَّ عددًا أقل.',
  },

  'marketDays.capacity.title': { en: 'Capacity per category', ar: 'السعة لكل فئة' },
  'marketDays.capacity.defaultsHint': {
    en: "Filled in from each active category's target per market day; change it for this day if needed.",
    ar: 'مُعبّأة من الهدف اليومي لكل فئة نشطة؛ غيّرها لهذا اليوم عند الحاجة.',
  },
  'marketDays.capacity.booked': {
    en: 'Booked now: {booked} of {capacity} vendors (the Board tab places them).',
    ar: 'المحجوز الآن: {booked} من {capacity} بائعًا (تُوزَّع الأماكن من تبويب لوحة التخصيص).',
  },
  'marketDays.capacity.noCategories': { en: 'There are no market categories yet.', ar: 'لا توجد فئات سوق بعد.' },
  'marketDays.capacity.categoriesFailed': {
    en: "The categories could not be loaded; the day will get each active category's target.",
    ar: 'تعذّر تحميل الفئات؛ سيحصل اليوم على الهدف اليومي لكل فئة نشطة.',
  },
  'marketDays.capacity.inactive': { en: 'inactive', ar: 'غير نشطة' },
  'marketDays.capacity.invalid': { en: 'Enter a whole number from 0 to 10000.', ar: 'أدخل عددًا صحيحًا من 0 إلى 10000.' },
  'marketDays.capacity.total': { en: 'Total', ar: 'المجموع' },
  'marketDays.capacity.save': { en: 'Save capacity', ar: 'حفظ السعة' },

  'marketDays.details.title': { en: 'Market day', ar: 'يوم السوق' },
  'marketDays.details.failed': { en: 'This market day could not be loaded.', ar: 'تعذّر تحميل يوم السوق هذا.' },
  'marketDays.details.notFound': { en: 'This market day no longer exists.', ar: 'يوم السوق هذا لم يعد موجودًا.' },
  'marketDays.details.noWindow': { en: 'Not set', ar: 'غير محددة' },
  'marketDays.details.publishedAt': { en: 'Published', ar: 'تاريخ النشر' },
  'marketDays.details.cancelReason': { en: 'Reason for cancelling', ar: 'سبب الإلغاء' },
  'marketDays.details.inSeries': { en: 'Part of a weekly series', ar: 'جزء من سلسلة أسبوعية' },
  'marketDays.details.inSeriesWeekday': { en: 'Part of a weekly series (every {weekday})', ar: 'جزء من سلسلة أسبوعية (كل {weekday})' },
  'marketDays.details.detached': {
    en: 'Edited on its own: series changes leave it alone.',
    ar: 'معدّل بشكل منفصل: تعديلات السلسلة لا تؤثر فيه.',
  },

  'marketDays.action.edit': { en: 'Edit', ar: 'تعديل' },
  'marketDays.action.publish': { en: 'Publish', ar: 'نشر' },
  'marketDays.action.complete': { en: 'Mark completed', ar: 'تعيين كمكتمل' },
  'marketDays.action.cancel': { en: 'Cancel day', ar: 'إلغاء اليوم' },
  'marketDays.action.delete': { en: 'Delete', ar: 'حذف' },

  'marketDays.cancel.title': { en: 'Cancel this market day?', ar: 'إلغاء يوم السوق هذا؟' },
  'marketDays.cancel.description': {
    en: 'A cancelled day cannot be published again. The reason is kept with the day.',
    ar: 'لا يمكن نشر اليوم الملغى مرة أخرى. يُحفظ السبب مع اليوم.',
  },
  'marketDays.cancel.reason': { en: 'Reason', ar: 'السبب' },
  'marketDays.cancel.reasonRequired': { en: 'Say why the day is cancelled.', ar: 'اذكر سبب إلغاء اليوم.' },
  'marketDays.cancel.keep': { en: 'Keep the day', ar: 'الإبقاء على اليوم' },
  'marketDays.cancel.confirm': { en: 'Cancel the day', ar: 'إلغاء اليوم' },

  'marketDays.delete.title': { en: 'Delete this draft?', ar: 'حذف هذه المسودة؟' },
  'marketDays.delete.message': { en: 'The draft market day and its capacities are removed.', ar: 'ستُحذف مسودة يوم السوق وسعاتها.' },

  'marketDays.series.new': { en: 'New weekly series', ar: 'سلسلة أسبوعية جديدة' },
  'marketDays.series.createTitle': { en: 'New weekly series', ar: 'سلسلة أسبوعية جديدة' },
  'marketDays.series.createDescription': {
    en: 'One draft market day is planned for every chosen weekday between the first and the last date.',
    ar: 'يُخطَّط يوم سوق كمسودة لكل يوم أسبوع مختار بين تاريخ البداية وتاريخ النهاية.',
  },
  'marketDays.series.editTitle': { en: 'Edit weekly series', ar: 'تعديل السلسلة الأسبوعية' },
  'marketDays.series.edit': { en: 'Edit series', ar: 'تعديل السلسلة' },
  'marketDays.series.editWarning': {
    en: "Changes apply to the series' future days that are draft or published and were not edited on their own. Drafts that fall out of the series are removed; published days must be cancelled first.",
    ar: 'تُطبَّق التغييرات على أيام السلسلة القادمة التي هي مسودة أو منشورة ولم تُعدَّل بشكل منفصل. تُحذف المسودات التي تخرج من السلسلة؛ أما الأيام المنشورة فيجب إلغاؤها أولًا.',
  },
  'marketDays.series.create': { en: 'Create market days: {count}', ar: 'إنشاء أيام السوق: {count}' },
  'marketDays.series.skipTitle': { en: 'Dates', ar: 'التواريخ' },
  'marketDays.series.skipHint': {
    en: 'Press a date to skip it (for a holiday, say); press it again to plan it.',
    ar: 'اضغط على تاريخ لتخطّيه (في عطلة مثلًا)؛ واضغط عليه مرة أخرى لإعادته.',
  },
  'marketDays.series.noDatesYet': {
    en: 'Choose the weekday, the first and the last date to see the dates.',
    ar: 'اختر يوم الأسبوع وتاريخ البداية والنهاية لعرض التواريخ.',
  },
  'marketDays.series.planned': { en: 'Market days planned: {count}', ar: 'أيام السوق المخططة: {count}' },
  'marketDays.series.plannedDate': { en: 'Planned', ar: 'مخطط' },
  'marketDays.series.skipped': { en: 'Skipped', ar: 'متخطّى' },
  'marketDays.series.failed': { en: 'The series could not be loaded.', ar: 'تعذّر تحميل السلاسل.' },
  'marketDays.series.empty': { en: 'No weekly series yet.', ar: 'لا توجد سلاسل أسبوعية بعد.' },
  'marketDays.series.every': { en: 'Every {weekday}', ar: 'كل {weekday}' },
  'marketDays.series.range': { en: '{start} to {end}', ar: 'من {start} إلى {end}' },
  'marketDays.series.counts': {
    en: 'Draft: {draft} · Published: {published} · Completed: {completed} · Cancelled: {cancelled}',
    ar: 'مسودة: {draft} · منشور: {published} · مكتمل: {completed} · ملغى: {cancelled}',
  },
  'marketDays.series.detachedCount': { en: 'edited on their own: {count}', ar: 'معدّلة بشكل منفصل: {count}' },
  'marketDays.series.next': { en: 'Next: {date}', ar: 'القادم: {date}' },
  'marketDays.series.publishAll': { en: 'Publish drafts ({count})', ar: 'نشر المسودات ({count})' },
  'marketDays.series.publishTitle': { en: 'Publish the whole series?', ar: 'نشر السلسلة كاملة؟' },
  'marketDays.series.publishMessage': {
    en: 'Draft days to publish: {count}. They appear on the public map.',
    ar: 'أيام المسودة التي ستُنشر: {count}. ستظهر على الخريطة العامة.',
  },
  'marketDays.series.deleteTitle': { en: 'Delete this series?', ar: 'حذف هذه السلسلة؟' },
  'marketDays.series.deleteMessage': {
    en: 'Its future draft days are removed. Published, completed, cancelled and past days stay as days of their own.',
    ar: 'ستُحذف أيامها القادمة التي هي مسودات. تبقى الأيام المنشورة والمكتملة والملغاة والسابقة كأيام مستقلة.',
  },

  'marketDays.toast.created': { en: 'Market day planned', ar: 'تم تخطيط يوم السوق' },
  'marketDays.toast.updated': { en: 'Market day saved', ar: 'تم حفظ يوم السوق' },
  'marketDays.toast.publish': { en: 'Market day published', ar: 'تم نشر يوم السوق' },
  'marketDays.toast.complete': { en: 'Market day marked completed', ar: 'تم تعيين يوم السوق كمكتمل' },
  'marketDays.toast.cancel': { en: 'Market day cancelled', ar: 'تم إلغاء يوم السوق' },
  'marketDays.toast.delete': { en: 'Draft deleted', ar: 'تم حذف المسودة' },
  'marketDays.toast.capacitySaved': { en: 'Capacity saved', ar: 'تم حفظ السعة' },
  'marketDays.toast.seriesCreated': {
    en: 'Series created. Market days planned: {count}',
    ar: 'تم إنشاء السلسلة. أيام السوق المخططة: {count}',
  },
  'marketDays.toast.seriesUpdated': {
    en: 'Series saved. Added: {added}, removed: {removed}, updated: {updated}',
    ar: 'تم حفظ السلسلة. أُضيف: {added}، حُذف: {removed}، حُدّث: {updated}',
  },
  'marketDays.toast.seriesPublished': { en: 'Market days published: {count}', ar: 'أيام السوق المنشورة: {count}' },
  'marketDays.toast.seriesDeleted': {
    en: 'Series deleted. Drafts removed: {deleted}, days kept: {kept}',
    ar: 'تم حذف السلسلة. المسودات المحذوفة: {deleted}، الأيام المتبقية: {kept}',
  },

  'marketDays.card.title': { en: 'Next market days', ar: 'أيام السوق القادمة' },
  'marketDays.card.failed': { en: 'The next market days could not be loaded.', ar: 'تعذّر تحميل أيام السوق القادمة.' },
  'marketDays.card.empty': { en: 'No market days planned from today on.', ar: 'لا توجد أيام سوق مخططة من اليوم فصاعدًا.' },
  'marketDays.card.plan': { en: 'Plan one', ar: 'خطّط يومًا' },
  'marketDays.card.capacity': { en: 'Booked {booked} of {count}', ar: 'محجوز {booked} من {count}' },
  'marketDays.card.separator': { en: ', ', ar: '، ' },
  'marketDays.card.viewAll': { en: 'All market days', ar: 'كل أيام السوق' },
} satisfies Record<string, TranslationEntry>;

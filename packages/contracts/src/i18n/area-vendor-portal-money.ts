import type { TranslationEntry } from './types.js';

/**
 * The vendor dashboard's own market days, invoices and statement. Figures, printed documents and the statement
 * table reuse the payment screens' words (`pay.*`), so the vendor and staff read the same terms.
 */
export const VENDOR_PORTAL_MONEY = {
  'vendorDashboard.days.title': { en: 'My market days', ar: 'أيام السوق الخاصة بي' },
  'vendorDashboard.days.loadFailed': { en: 'Your market days could not be loaded.', ar: 'تعذر تحميل أيام السوق الخاصة بك.' },
  'vendorDashboard.days.empty': {
    en: 'No market days yet. Your requests and bookings appear here.',
    ar: 'لا توجد أيام سوق بعد. تظهر هنا طلباتك وحجوزاتك.',
  },
  'vendorDashboard.days.upcoming': { en: 'Upcoming', ar: 'القادمة' },
  'vendorDashboard.days.past': { en: 'Past', ar: 'السابقة' },
  'vendorDashboard.days.noneUpcoming': { en: 'No upcoming market days.', ar: 'لا توجد أيام سوق قادمة.' },
  'vendorDashboard.days.showPast': { en: 'Show all past days ({count})', ar: 'عرض كل الأيام السابقة ({count})' },
  'vendorDashboard.days.slot': { en: 'Slot {code}', ar: 'الموقف {code}' },
  'vendorDashboard.days.noSlot': { en: 'No slot yet', ar: 'لم يُحدَّد موقف بعد' },
  'vendorDashboard.days.category': { en: 'Category: {category}', ar: 'الفئة: {category}' },
  'vendorDashboard.days.dayCancelled': { en: 'Market day cancelled', ar: 'أُلغي يوم السوق' },
  'vendorDashboard.days.invoice': { en: 'Invoice: {state}', ar: 'الفاتورة: {state}' },
  'vendorDashboard.requestStatus.pending': { en: 'Request pending', ar: 'الطلب قيد المراجعة' },
  'vendorDashboard.requestStatus.accepted': { en: 'Accepted', ar: 'مقبول' },
  'vendorDashboard.requestStatus.waitlisted': { en: 'Waitlisted', ar: 'في قائمة الانتظار' },
  'vendorDashboard.requestStatus.rejected': { en: 'Not accepted', ar: 'غير مقبول' },
  'vendorDashboard.requestStatus.withdrawn': { en: 'Withdrawn', ar: 'مسحوب' },
  'vendorDashboard.bookingStatus.confirmed': { en: 'Booked', ar: 'محجوز' },
  'vendorDashboard.bookingStatus.checked_in': { en: 'Checked in', ar: 'تم تسجيل الحضور' },
  'vendorDashboard.bookingStatus.absent_approved': { en: 'Absent (excused)', ar: 'غائب (بعذر)' },
  'vendorDashboard.bookingStatus.absent_unapproved': { en: 'Absent', ar: 'غائب' },
  'vendorDashboard.bookingStatus.no_show': { en: 'No-show', ar: 'لم يحضر' },
  'vendorDashboard.bookingStatus.cancelled': { en: 'Cancelled', ar: 'ملغى' },
  'vendorDashboard.invoiceState.none': { en: 'No invoice', ar: 'لا توجد فاتورة' },
  'vendorDashboard.invoiceState.unpaid': { en: 'Unpaid', ar: 'غير مدفوعة' },
  'vendorDashboard.invoiceState.paid': { en: 'Paid', ar: 'مدفوعة' },
  'vendorDashboard.invoiceState.overdue': { en: 'Overdue', ar: 'متأخرة' },
  'vendorDashboard.invoiceState.waived': { en: 'Waived', ar: 'معفاة' },
  'vendorDashboard.sales.declared': { en: 'Sales declared: {amount}', ar: 'المبيعات المُصرَّح بها: {amount}' },
  'vendorDashboard.sales.declare': { en: 'Declare sales', ar: 'التصريح بالمبيعات' },
  'vendorDashboard.sales.correct': { en: 'Correct sales', ar: 'تصحيح المبيعات' },
  'vendorDashboard.sales.declareFor': { en: 'Declare sales for {date}', ar: 'التصريح بالمبيعات ليوم {date}' },
  'vendorDashboard.sales.correctFor': { en: 'Correct sales for {date}', ar: 'تصحيح المبيعات ليوم {date}' },
  'vendorDashboard.sales.title': { en: 'Declare your sales', ar: 'التصريح بمبيعاتك' },
  'vendorDashboard.sales.description': {
    en: 'What you sold in total on {date} at {location}. The market may charge a share of it.',
    ar: 'إجمالي ما بعته يوم {date} في {location}. قد يتقاضى السوق حصة منه.',
  },
  'vendorDashboard.sales.amount': { en: 'Total sales', ar: 'إجمالي المبيعات' },
  'vendorDashboard.sales.hint': { en: 'Enter 0 for a day without sales.', ar: 'أدخل 0 ليوم بلا مبيعات.' },
  'vendorDashboard.sales.save': { en: 'Save sales', ar: 'حفظ المبيعات' },

  'vendorDashboard.invoices.title': { en: 'Invoices', ar: 'الفواتير' },
  'vendorDashboard.invoices.loadFailed': { en: 'Your invoices could not be loaded.', ar: 'تعذر تحميل فواتيرك.' },
  'vendorDashboard.invoices.empty': {
    en: 'No invoices yet. Invoices the market sends you appear here.',
    ar: 'لا توجد فواتير بعد. تظهر هنا الفواتير التي يرسلها إليك السوق.',
  },
  'vendorDashboard.invoices.open': { en: 'Open invoice {number}', ar: 'فتح الفاتورة {number}' },
  'vendorDashboard.invoices.balance': { en: 'Balance {amount}', ar: 'الرصيد {amount}' },
  'vendorDashboard.invoices.total': { en: 'Total {amount}', ar: 'الإجمالي {amount}' },
  'vendorDashboard.invoices.forDay': { en: 'Market day {date}', ar: 'يوم السوق {date}' },
  'vendorDashboard.invoices.invoiceNumber': { en: 'Invoice {number}', ar: 'الفاتورة {number}' },
  'vendorDashboard.invoices.noPayments': { en: 'No payments yet.', ar: 'لا توجد مدفوعات بعد.' },
  'vendorDashboard.invoices.receipt': { en: 'Receipt {number}', ar: 'الإيصال {number}' },
  'vendorDashboard.invoices.refundedPart': { en: '{amount} refunded', ar: 'تم استرداد {amount}' },

  'vendorDashboard.statement.balanceNow': { en: 'Balance today: {amount}', ar: 'الرصيد اليوم: {amount}' },
  'vendorDashboard.statement.hint': {
    en: 'A balance above 0 is what you owe the market; below 0, the market owes you.',
    ar: 'الرصيد الأكبر من صفر هو ما تدين به للسوق، والأقل من صفر هو ما يدين به السوق لك.',
  },
  'vendorDashboard.money.loading': { en: 'Loading your market days and invoices…', ar: 'جارٍ تحميل أيام السوق والفواتير…' },
} satisfies Record<string, TranslationEntry>;

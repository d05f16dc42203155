import { CalendarDays, Coins } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ListState } from '../../components/ui/list-state';
import { useI18n } from '../../app/i18n/i18n-provider';
import { formatDay, formatMoney } from '../payment-management';
import { useOwnMarketDays, type VendorMarketDay } from './vendor-money-api';
import { Badge, Card, type Tone } from './vendor-portal-sections';
import { VendorSalesDialog } from './vendor-sales-dialog';

/** Past days shown before "show all". */
const PAST_SHOWN = 5;

const BOOKING_TONE: Record<NonNullable<VendorMarketDay['bookingStatus']>, Tone> = {
  confirmed: 'good',
  checked_in: 'good',
  absent_approved: 'grey',
  absent_unapproved: 'warn',
  no_show: 'bad',
  cancelled: 'grey',
};
const REQUEST_TONE: Record<NonNullable<VendorMarketDay['requestStatus']>, Tone> = {
  pending: 'wait',
  accepted: 'good',
  waitlisted: 'warn',
  rejected: 'bad',
  withdrawn: 'grey',
};
const INVOICE_TONE: Record<VendorMarketDay['invoiceState'], Tone> = {
  none: 'grey',
  unpaid: 'warn',
  paid: 'good',
  overdue: 'bad',
  waived: 'wait',
};

/** The sales declared for a booked day, and the action to declare or correct them once the vendor may. */
function DaySales({ d, currency, onDeclare }: { d: VendorMarketDay; currency: string | null; onDeclare: () => void }) {
  const { t, language } = useI18n();
  const declared = d.declaredSales !== null;
  return (
    <>
      {declared && (
        <span className="text-xs tabular-nums" data-testid="day-sales">
          {t('vendorDashboard.sales.declared', { amount: formatMoney(d.declaredSales!, currency, language) })}
        </span>
      )}
      {d.canDeclareSales && currency && (
        <Button
          size="sm"
          variant="outline"
          className="w-fit"
          onClick={onDeclare}
          aria-label={t(declared ? 'vendorDashboard.sales.correctFor' : 'vendorDashboard.sales.declareFor', {
            date: formatDay(d.date, language, 'long'),
          })}
        >
          <Coins className="size-3.5" aria-hidden />
          {t(declared ? 'vendorDashboard.sales.correct' : 'vendorDashboard.sales.declare')}
        </Button>
      )}
    </>
  );
}

function DayRow({ d, currency, onDeclare }: { d: VendorMarketDay; currency: string | null; onDeclare: (d: VendorMarketDay) => void }) {
  const { t, language } = useI18n();
  const ar = language === 'ar';
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 py-2" data-testid="vendor-market-day" data-id={d.id}>
      <div className="flex min-w-0 flex-col gap-0.5">
        <span className="font-medium">
          {formatDay(d.date, language, 'long')}{' '}
          <span dir="ltr" className="text-xs font-normal text-muted-foreground">
            {d.openTime}–{d.closeTime}
          </span>
        </span>
        <span className="text-muted-foreground">
          <bdi>{ar ? d.locationNameAr : d.locationNameEn}</bdi> ·{' '}
          {d.slotCode ? t('vendorDashboard.days.slot', { code: d.slotCode }) : t('vendorDashboard.days.noSlot')}
        </span>
        <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <span aria-hidden className="size-2 shrink-0 rounded-full" style={{ backgroundColor: d.categoryColour }} />
          {t('vendorDashboard.days.category', { category: ar ? d.categoryNameAr : d.categoryNameEn })}
        </span>
        {d.dayStatus === 'cancelled' && (
          <span className="text-xs font-medium text-destructive">{t('vendorDashboard.days.dayCancelled')}</span>
        )}
        {d.assignmentId && <DaySales d={d} currency={currency} onDeclare={() => onDeclare(d)} />}
      </div>
      <div className="flex flex-wrap items-center gap-1.5">
        {d.bookingStatus ? (
          <Badge tone={BOOKING_TONE[d.bookingStatus]} status={d.bookingStatus} testId="day-status">
            {t(`vendorDashboard.bookingStatus.${d.bookingStatus}`)}
          </Badge>
        ) : (
          d.requestStatus && (
            <Badge tone={REQUEST_TONE[d.requestStatus]} status={d.requestStatus} testId="day-status">
              {t(`vendorDashboard.requestStatus.${d.requestStatus}`)}
            </Badge>
          )
        )}
        {d.assignmentId && (
          <Badge tone={INVOICE_TONE[d.invoiceState]} status={d.invoiceState} testId="day-invoice">
            {t('vendorDashboard.days.invoice', { state: t(`vendorDashboard.invoiceState.${d.invoiceState}`) })}
          </Badge>
        )}
      </div>
    </li>
  );
}

/** The vendor's requests and bookings: upcoming days soonest first, then the latest past days. */
export function VendorMarketDaysCard() {
  const { t } = useI18n();
  const days = useOwnMarketDays();
  const [allPast, setAllPast] = useState(false);
  const [declaring, setDeclaring] = useState<VendorMarketDay | null>(null);
  const data = days.data;
  const row = (d: VendorMarketDay) => <DayRow key={d.id} d={d} currency={data?.currency ?? null} onDeclare={setDeclaring} />;
  const empty = !!data && data.upcoming.length === 0 && data.past.length === 0;
  const past = data ? (allPast ? data.past : data.past.slice(0, PAST_SHOWN)) : [];
  return (
    <Card title={t('vendorDashboard.days.title')} icon={CalendarDays} testId="vendor-market-days">
      {!data || empty ? (
        <ListState
          loading={days.isPending}
          error={days.error}
          empty={empty}
          loadingLabel={t('common.loading')}
          errorLabel={t('vendorDashboard.days.loadFailed')}
          retryLabel={t('common.tryAgain')}
          onRetry={() => void days.refetch()}
          emptyContent={t('vendorDashboard.days.empty')}
        />
      ) : (
        <>
          <h3 className="text-xs font-medium text-muted-foreground">{t('vendorDashboard.days.upcoming')}</h3>
          {data.upcoming.length ? (
            <ul className="flex flex-col divide-y text-sm" data-testid="vendor-days-upcoming">
              {data.upcoming.map(row)}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">{t('vendorDashboard.days.noneUpcoming')}</p>
          )}
          {data.past.length > 0 && (
            <>
              <h3 className="text-xs font-medium text-muted-foreground">{t('vendorDashboard.days.past')}</h3>
              <ul className="flex flex-col divide-y text-sm" data-testid="vendor-days-past">
                {past.map(row)}
              </ul>
              {!allPast && data.past.length > PAST_SHOWN && (
                <div>
                  <Button variant="outline" size="sm" onClick={() => setAllPast(true)}>
                    {t('vendorDashboard.days.showPast', { count: data.past.length })}
                  </Button>
                </div>
              )}
            </>
          )}
        </>
      )}
      {declaring && data?.currency && <VendorSalesDialog day={declaring} currency={data.currency} onClose={() => setDeclaring(null)} />}
    </Card>
  );
}

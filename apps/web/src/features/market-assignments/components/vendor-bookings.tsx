import { useState } from 'react';
import { Link } from 'react-router';
import { ListState } from '../../../components/ui/list-state';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { addDays, formatMediumDate, todayLocal } from '../board-dates';
import { useVendorAssignments, useVendorRequests, type MarketAssignment, type MarketRequest } from '../market-assignments-api';

/** How far back the vendor record shows bookings (recent absences and unpaid days still matter). */
const LOOK_BACK_DAYS = 60;

/** A vendor's bookings (slot per market day) and requests, from two months ago on: the vendor record's "Bookings". */
export function VendorBookings({ vendorId }: { vendorId: string }) {
  const { t, language } = useI18n();
  const [from] = useState(() => addDays(todayLocal(), -LOOK_BACK_DAYS));
  const assignments = useVendorAssignments(vendorId, from);
  const requests = useVendorRequests(vendorId, from);
  // A request that holds a slot shows as its booking; the list of requests keeps the ones still waiting or decided otherwise.
  const open = (requests.data ?? []).filter((q) => !q.assignmentId);
  return (
    <div className="flex flex-col gap-4" data-testid="vendor-bookings">
      <p className="text-xs text-muted-foreground">{t('marketAssignments.bookings.since', { date: formatMediumDate(from, language) })}</p>
      <div className="flex flex-col gap-2">
        <h4 className="text-sm font-medium">{t('marketAssignments.bookings.assignments')}</h4>
        <ListState
          loading={assignments.isPending}
          error={assignments.error}
          empty={assignments.isSuccess && assignments.data.length === 0}
          loadingLabel={t('common.loading')}
          errorLabel={t('marketAssignments.bookings.failed')}
          retryLabel={t('common.tryAgain')}
          onRetry={() => void assignments.refetch()}
          emptyContent={t('marketAssignments.bookings.noAssignments')}
        />
        {assignments.data && assignments.data.length > 0 && <AssignmentList items={assignments.data} />}
      </div>
      <div className="flex flex-col gap-2">
        <h4 className="text-sm font-medium">{t('marketAssignments.bookings.requests')}</h4>
        <ListState
          loading={requests.isPending}
          error={requests.error}
          empty={requests.isSuccess && open.length === 0}
          loadingLabel={t('common.loading')}
          errorLabel={t('marketAssignments.bookings.failed')}
          retryLabel={t('common.tryAgain')}
          onRetry={() => void requests.refetch()}
          emptyContent={t('marketAssignments.bookings.noRequests')}
        />
        {open.length > 0 && <RequestList items={open} />}
      </div>
    </div>
  );
}

function AssignmentList({ items }: { items: MarketAssignment[] }) {
  const { t, language } = useI18n();
  const ar = language === 'ar';
  return (
    <ul className="flex flex-col divide-y rounded-md border text-sm">
      {items.map((a) => (
        <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 p-2">
          <span className="flex min-w-0 flex-col">
            <span className="font-medium">
              {formatMediumDate(a.date, language)} · {ar ? a.locationNameAr : a.locationNameEn}
            </span>
            <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
              <span aria-hidden className="size-2 rounded-full" style={{ backgroundColor: a.categoryColour }} />
              {t('marketAssignments.bookings.slot', { slot: a.slotCode })} · {ar ? a.categoryNameAr : a.categoryNameEn}
            </span>
          </span>
          <span className="flex items-center gap-3">
            <span className="text-xs">{t(`marketAssignments.status.${a.status}`)}</span>
            <Link className="text-xs font-medium text-primary underline-offset-4 hover:underline" to={`/payment-management/${a.id}`}>
              {t('marketAssignments.menu.payments')}
            </Link>
          </span>
        </li>
      ))}
    </ul>
  );
}

function RequestList({ items }: { items: MarketRequest[] }) {
  const { t, language } = useI18n();
  const ar = language === 'ar';
  return (
    <ul className="flex flex-col divide-y rounded-md border text-sm">
      {items.map((q) => (
        <li key={q.id} className="flex flex-wrap items-center justify-between gap-2 p-2">
          <span className="flex min-w-0 flex-col">
            <span className="font-medium">
              {formatMediumDate(q.date, language)} · {ar ? q.locationNameAr : q.locationNameEn}
            </span>
            <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
              <span aria-hidden className="size-2 rounded-full" style={{ backgroundColor: q.categoryColour }} />
              {ar ? q.categoryNameAr : q.categoryNameEn}
              {q.decisionReason && <> · {q.decisionReason}</>}
            </span>
          </span>
          <span className="text-xs">{t(`marketAssignments.requestStatus.${q.status}`)}</span>
        </li>
      ))}
    </ul>
  );
}

import type { AssignmentInvoiceState } from '@market/contracts/plain';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { PlanCanvas, PlanZoomControls, SlotShape, usePlanZoom, type PlanLocation } from '../../../components/slot-plan';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { cellLabels } from '../board-labels';
import type { BoardColumn, BoardIndex } from '../board-model';

/** A free slot is drawn white, so booked ones (their category's colour) stand out; blocked ones are striped. */
const FREE_FILL = '#ffffff';
const INVOICE_DOT: Record<AssignmentInvoiceState, string> = {
  none: '#94a3b8',
  unpaid: '#d97706',
  paid: '#059669',
  overdue: '#dc2626',
  waived: '#0284c7',
};

/**
 * The plan view of one market day: the location's slots where they stand on its plan, each booked one in its
 * vendor's category colour with a dot for its invoice state, free ones white; beside it every booking of the day
 * by slot, with its vendor, invoice state and payment page. Slots not placed on the plan are counted below it.
 */
export function BoardDayPlan({
  index,
  column,
  dateLabel,
  location,
}: {
  index: BoardIndex;
  column: BoardColumn;
  dateLabel: string;
  location: PlanLocation;
}) {
  const { t } = useI18n();
  const z = usePlanZoom();
  const labels = useMemo(() => cellLabels(t), [t]);
  const day = index.columns.indexOf(column);
  const rows = index.rows.map((row) => ({ slot: row.slot, cell: row.cells[day], absence: row.absences[day] }));
  const booked = rows.filter((r) => r.cell);
  const placed = rows.filter((r) => r.slot.planX !== null && r.slot.planY !== null);
  const usedStates = new Set(booked.map((r) => r.cell!.invoiceState));

  return (
    <section
      className="flex flex-col gap-3 rounded-lg border bg-card p-3"
      data-testid="board-day-plan"
      aria-label={t('marketAssignments.plan.title', { date: dateLabel })}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-medium">{t('marketAssignments.plan.title', { date: dateLabel })}</h2>
        <PlanZoomControls z={z} />
      </div>
      <ul aria-label={t('plan.legend')} className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <li className="flex items-center gap-1.5">
          <span aria-hidden className="inline-block size-3 rounded-sm border border-foreground" style={{ backgroundColor: FREE_FILL }} />
          {labels.free}
        </li>
        {[...usedStates].map((s) => (
          <li key={s} className="flex items-center gap-1.5">
            <span aria-hidden className="inline-block size-3 rounded-full" style={{ backgroundColor: INVOICE_DOT[s] }} />
            {labels.invoice[s]}
          </li>
        ))}
      </ul>
      {placed.length === 0 ? (
        <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground" data-testid="board-plan-empty">
          {t('marketAssignments.plan.noneOnPlan')}{' '}
          <Link className="font-medium text-primary underline-offset-4 hover:underline" to="/market-slots">
            {t('marketAssignments.board.toSlots')}
          </Link>
        </p>
      ) : (
        <PlanCanvas location={location} zoom={z.zoom} label={t('plan.label', { width: location.planWidthM, depth: location.planDepthM })}>
          {placed.map(({ slot, cell, absence }) => {
            const g = { planX: slot.planX!, planY: slot.planY!, planRotation: slot.planRotation, widthM: slot.widthM, depthM: slot.depthM };
            const dot = Math.min(Math.max(Math.min(g.widthM, g.depthM) * 0.14, 0.2), 0.6);
            return (
              <SlotShape
                key={slot.id}
                id={slot.id}
                code={slot.code}
                geometry={g}
                colour={cell ? cell.categoryColour : FREE_FILL}
                blocked={slot.status === 'blocked'}
                label={
                  slot.status === 'blocked'
                    ? `${slot.code}: ${labels.blocked}`
                    : cell
                      ? labels.cell(cell, slot.code, dateLabel)
                      : labels.freeCell(slot.code, dateLabel, absence)
                }
              >
                {cell && (
                  <circle
                    cx={g.planX + g.widthM - dot * 1.4}
                    cy={g.planY + dot * 1.4}
                    r={dot}
                    fill={INVOICE_DOT[cell.invoiceState]}
                    stroke="#ffffff"
                    strokeWidth={dot * 0.3}
                  />
                )}
              </SlotShape>
            );
          })}
        </PlanCanvas>
      )}
      {placed.length < rows.length && (
        <p className="text-xs text-muted-foreground">{t('plan.unplacedCount', { count: rows.length - placed.length })}</p>
      )}
      <h3 className="text-sm font-medium">{t('marketAssignments.plan.bookings', { count: booked.length })}</h3>
      {booked.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('marketAssignments.plan.noBookings')}</p>
      ) : (
        <ul className="grid max-h-72 gap-1 overflow-auto text-sm sm:grid-cols-2" data-testid="board-plan-bookings">
          {booked.map(({ slot, cell }) => (
            <li key={slot.id} className="flex min-w-0 items-center gap-2 rounded-md border px-2 py-1">
              <span
                aria-hidden
                className="inline-block size-3 shrink-0 rounded-sm border"
                style={{ backgroundColor: cell!.categoryColour }}
              />
              <span className="w-12 shrink-0 font-semibold">{slot.code}</span>
              <span className="min-w-0 flex-1 truncate">{cell!.vendorName}</span>
              <span className="flex shrink-0 items-center gap-1 text-xs text-muted-foreground">
                <span
                  aria-hidden
                  className="inline-block size-2 rounded-full"
                  style={{ backgroundColor: INVOICE_DOT[cell!.invoiceState] }}
                />
                {cell!.status === 'checked_in' ? labels.status[cell!.status] : labels.invoice[cell!.invoiceState]}
              </span>
              <Link
                className="shrink-0 text-xs font-medium text-primary underline-offset-4 hover:underline"
                to={`/payment-management/${cell!.assignmentId}`}
                aria-label={t('marketAssignments.plan.paymentsOf', { vendor: cell!.vendorName, slot: slot.code })}
              >
                {t('marketAssignments.plan.payments')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { useDraggable } from '@dnd-kit/core';
import type { MarketRequestDecision } from '@market/contracts/plain';
import { GripVertical } from 'lucide-react';
import { memo, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-errors';
import { useI18n } from '../../../app/i18n/i18n-provider';
import type { DragItem } from '../board-model';
import { useDecideRequest, type BoardRequest } from '../market-assignments-api';
import { ReasonDialog } from './reason-dialog';

/**
 * The selected day's requests: accepted ones waiting for a slot (drag them onto a free cell of the day) and
 * pending ones to accept, waitlist or reject.
 */
export function DayTray({ requests, dateLabel, open }: { requests: BoardRequest[]; dateLabel: string; open: boolean }) {
  const { t } = useI18n();
  const accepted = requests.filter((q) => q.status === 'accepted');
  const pending = requests.filter((q) => q.status === 'pending');
  return (
    <section
      aria-labelledby="assignment-tray-title"
      className="flex flex-col gap-3 rounded-lg border bg-card p-3"
      data-testid="assignment-tray"
    >
      <h2 id="assignment-tray-title" className="font-medium">
        {t('marketAssignments.tray.title', { date: dateLabel })}
      </h2>
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-medium text-muted-foreground">{t('marketAssignments.tray.toPlace', { count: accepted.length })}</h3>
        {accepted.length ? (
          <ul className="flex flex-col gap-1.5">
            {accepted.map((q) => (
              <RequestCard key={q.id} request={q} open={open} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{t('marketAssignments.tray.noneToPlace')}</p>
        )}
        {accepted.length > 0 && open && <p className="text-xs text-muted-foreground">{t('marketAssignments.tray.dragHint')}</p>}
      </div>
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-medium text-muted-foreground">{t('marketAssignments.tray.pending', { count: pending.length })}</h3>
        {pending.length ? (
          <ul className="flex flex-col gap-1.5">
            {pending.map((q) => (
              <PendingCard key={q.id} request={q} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{t('marketAssignments.tray.nonePending')}</p>
        )}
      </div>
    </section>
  );
}

function CategoryLabel({ request }: { request: BoardRequest }) {
  const { language } = useI18n();
  return (
    <span className="flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground">
      <span aria-hidden className="size-2 shrink-0 rounded-full" style={{ backgroundColor: request.categoryColour }} />
      <span className="truncate">{language === 'ar' ? request.categoryNameAr : request.categoryNameEn}</span>
    </span>
  );
}

const RequestCard = memo(function RequestCard({ request, open }: { request: BoardRequest; open: boolean }) {
  const { t, language } = useI18n();
  const data = useMemo<DragItem>(
    () => ({ kind: 'request', dayId: request.dayId, vendorName: request.vendorName, request, row: null }),
    [request],
  );
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, isDragging } = useDraggable({
    id: `request:${request.id}`,
    data,
    disabled: !open,
    attributes: { roleDescription: t('marketAssignments.dnd.roleDescription') },
  });
  const category = language === 'ar' ? request.categoryNameAr : request.categoryNameEn;
  return (
    <li ref={setNodeRef} className={isDragging ? 'opacity-40' : undefined}>
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={t('marketAssignments.tray.cardLabel', { vendor: request.vendorName, category })}
        className="flex w-full touch-none items-center gap-2 rounded-md border border-s-4 bg-background p-2 text-start text-sm outline-none hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
        style={{ borderInlineStartColor: request.categoryColour }}
      >
        <GripVertical className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        <span className="flex min-w-0 flex-col">
          <span className="truncate font-medium">{request.vendorName}</span>
          <CategoryLabel request={request} />
        </span>
      </button>
    </li>
  );
});

function PendingCard({ request }: { request: BoardRequest }) {
  const { t } = useI18n();
  const decide = useDecideRequest();
  const [rejecting, setRejecting] = useState(false);
  const run = (status: MarketRequestDecision, reason?: string) =>
    decide.mutate(
      { requestId: request.id, status, reason },
      {
        onSuccess: () => {
          setRejecting(false);
          toast.success(t(`marketAssignments.toast.${status}`, { vendor: request.vendorName }));
        },
        onError: (e) => {
          if (status !== 'rejected') toast.error(errorMessage(t, e));
        },
      },
    );
  return (
    <li className="flex flex-col gap-2 rounded-md border p-2 text-sm">
      <span className="flex min-w-0 flex-col">
        <span className="truncate font-medium">{request.vendorName}</span>
        <CategoryLabel request={request} />
      </span>
      <span className="flex flex-wrap gap-1.5">
        <Button size="sm" disabled={decide.isPending} onClick={() => run('accepted')}>
          {t('marketAssignments.tray.accept')}
        </Button>
        <Button size="sm" variant="outline" disabled={decide.isPending} onClick={() => run('waitlisted')}>
          {t('marketAssignments.tray.waitlist')}
        </Button>
        <Button size="sm" variant="ghost" disabled={decide.isPending} onClick={() => (decide.reset(), setRejecting(true))}>
          {t('marketAssignments.tray.reject')}
        </Button>
      </span>
      <ReasonDialog
        open={rejecting}
        onOpenChange={setRejecting}
        title={t('marketAssignments.reject.title', { vendor: request.vendorName })}
        description={t('marketAssignments.reject.description')}
        confirmLabel={t('marketAssignments.reject.confirm')}
        pending={decide.isPending}
        error={rejecting ? decide.error : null}
        onConfirm={(reason) => run('rejected', reason)}
      />
    </li>
  );
}

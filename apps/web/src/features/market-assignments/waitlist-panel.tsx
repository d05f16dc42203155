import { OFFER_EMAILS_PER_HOUR, type WaitlistOfferStatus } from '@market/contracts/plain';
import { ArrowDown, ArrowUp, Hourglass, MailX, Send } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { ListState } from '../../components/ui/list-state';
import { useI18n } from '../../app/i18n/i18n-provider';
import { dateTimeFormat } from '../../app/i18n/locale-format';
import { errorMessage } from '../../lib/api-errors';
import { cn } from '../../lib/cn';
import { useReorderWaitlist, useSendOffer, useWaitlist, useWithdrawOffer, type WaitlistEntry } from './waitlist-api';

export interface FreeSlot {
  id: string;
  code: string;
  categoryId: string | null;
}

const STATUS_TONE: Record<WaitlistOfferStatus, string> = {
  offered: 'bg-sky-100 text-sky-800 dark:bg-sky-900/40 dark:text-sky-200',
  accepted: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200',
  declined: 'bg-zinc-200 text-zinc-800 dark:bg-zinc-700 dark:text-zinc-100',
  expired: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
  withdrawn: 'bg-zinc-200 text-zinc-800 dark:bg-zinc-700 dark:text-zinc-100',
};

/** A day's waitlist: offers (open ones can be withdrawn) and the queue per category, reorderable and offerable by hand. */
export function WaitlistPanel({ dayId, freeSlots }: { dayId: string; freeSlots: FreeSlot[] }) {
  const { t, language } = useI18n();
  const waitlist = useWaitlist(dayId);
  const withdraw = useWithdrawOffer();
  const reorder = useReorderWaitlist();
  const time = dateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' });
  const data = waitlist.data;
  if (!data)
    return (
      <ListState
        loading={waitlist.isPending}
        error={waitlist.error}
        empty={false}
        loadingLabel={t('common.loading')}
        errorLabel={t('waitlist.loadFailed')}
        retryLabel={t('common.tryAgain')}
        onRetry={() => void waitlist.refetch()}
        emptyContent={null}
      />
    );
  const groups = new Map<string, WaitlistEntry[]>();
  for (const e of data.queue) groups.set(e.categoryId, [...(groups.get(e.categoryId) ?? []), e]);
  const move = (list: WaitlistEntry[], i: number, by: -1 | 1) => {
    const other = list[i + by]!;
    // Above its neighbour (or below): ties are ordered by the time joined, so one step past it is enough.
    reorder.mutate(
      { entry: list[i]!, priority: other.priority + (by === -1 ? 1 : -1) },
      { onError: (e) => toast.error(errorMessage(t, e)) },
    );
  };
  return (
    <section className="flex flex-col gap-3" data-testid="waitlist-panel" aria-label={t('waitlist.title')}>
      <p className="text-xs text-muted-foreground">{t('waitlist.description', { hours: String(data.offerHours) })}</p>
      {data.offers.length > 0 && (
        <div className="flex flex-col gap-1">
          <h3 className="text-sm font-medium">{t('waitlist.offers')}</h3>
          <ul className="flex flex-col gap-1">
            {data.offers.map((o) => (
              <li
                key={o.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-2 text-sm"
                data-testid="waitlist-offer"
              >
                <span className="min-w-0">
                  {t('waitlist.offerLine', { name: o.vendorName, code: o.slotCode })}
                  {o.status === 'offered' && (
                    <span className="ms-2 inline-flex items-center gap-1 text-xs text-muted-foreground">
                      <Hourglass className="size-3" aria-hidden />
                      {t('waitlist.expiresAt', { time: time.format(new Date(o.expiresAt)) })}
                    </span>
                  )}
                  {o.emailHeld && (
                    <span className="flex items-center gap-1 text-xs text-muted-foreground" data-testid="waitlist-offer-email-held">
                      <MailX className="size-3 shrink-0" aria-hidden />
                      {t('waitlist.emailHeld', { count: String(OFFER_EMAILS_PER_HOUR) })}
                    </span>
                  )}
                </span>
                <span className="flex items-center gap-2">
                  <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', STATUS_TONE[o.status])}>
                    {t(`waitlist.status.${o.status}`)}
                  </span>
                  {o.status === 'offered' && (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={withdraw.isPending}
                      onClick={() =>
                        withdraw.mutate(o.id, {
                          onSuccess: () => toast.success(t('waitlist.withdrawn')),
                          onError: (e) => toast.error(errorMessage(t, e)),
                        })
                      }
                    >
                      {t('waitlist.withdraw')}
                    </Button>
                  )}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex flex-col gap-1">
        <h3 className="text-sm font-medium">{t('waitlist.queue')}</h3>
        {data.queue.length === 0 && <p className="text-sm text-muted-foreground">{t('waitlist.empty')}</p>}
        {[...groups.values()].map((list) => (
          <div key={list[0]!.categoryId} className="flex flex-col gap-1">
            <p className="text-xs font-medium text-muted-foreground">
              {language === 'ar' ? list[0]!.categoryNameAr : list[0]!.categoryNameEn}
            </p>
            <ol className="flex flex-col gap-1">
              {list.map((e, i) => (
                <li
                  key={e.requestId}
                  className="flex flex-wrap items-center gap-2 rounded-md border p-2 text-sm"
                  data-testid="waitlist-entry"
                >
                  <span className="w-12 shrink-0 text-xs text-muted-foreground">
                    {t('waitlist.position', { position: String(e.position) })}
                  </span>
                  <span className="min-w-0 flex-1 truncate">{e.vendorName}</span>
                  <Button
                    size="icon"
                    variant="ghost"
                    aria-label={t('waitlist.moveUp', { name: e.vendorName })}
                    disabled={i === 0 || reorder.isPending}
                    onClick={() => move(list, i, -1)}
                  >
                    <ArrowUp className="size-4" aria-hidden />
                  </Button>
                  <Button
                    size="icon"
                    variant="ghost"
                    aria-label={t('waitlist.moveDown', { name: e.vendorName })}
                    disabled={i === list.length - 1 || reorder.isPending}
                    onClick={() => move(list, i, 1)}
                  >
                    <ArrowDown className="size-4" aria-hidden />
                  </Button>
                  <OfferBySlot entry={e} slots={freeSlots.filter((s) => !s.categoryId || s.categoryId === e.categoryId)} />
                </li>
              ))}
            </ol>
          </div>
        ))}
      </div>
    </section>
  );
}

/** Offers one of the free fitting stalls to a request out of turn. */
function OfferBySlot({ entry, slots }: { entry: WaitlistEntry; slots: FreeSlot[] }) {
  const { t } = useI18n();
  const send = useSendOffer();
  const [slotId, setSlotId] = useState('');
  const chosen = slots.some((s) => s.id === slotId) ? slotId : (slots[0]?.id ?? '');
  if (!slots.length) return <span className="text-xs text-muted-foreground">{t('waitlist.noFreeSlot')}</span>;
  return (
    <span className="flex items-center gap-1">
      <select
        aria-label={t('waitlist.chooseSlot')}
        className="h-8 rounded-md border bg-background px-2 text-sm"
        value={chosen}
        onChange={(ev) => setSlotId(ev.target.value)}
      >
        {slots.map((s) => (
          <option key={s.id} value={s.id}>
            {s.code}
          </option>
        ))}
      </select>
      <Button
        size="sm"
        aria-label={t('waitlist.offerSlot', { name: entry.vendorName })}
        disabled={send.isPending}
        onClick={() =>
          send.mutate(
            { requestId: entry.requestId, slotId: chosen },
            {
              onSuccess: () => toast.success(t('waitlist.sent', { name: entry.vendorName })),
              onError: (e) => toast.error(errorMessage(t, e)),
            },
          )
        }
      >
        <Send className="size-3.5" aria-hidden />
        {t('waitlist.send')}
      </Button>
    </span>
  );
}

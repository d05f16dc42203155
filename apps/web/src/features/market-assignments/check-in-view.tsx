import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useI18n } from '../../app/i18n/i18n-provider';
import { dateTimeFormat } from '../../app/i18n/locale-format';
import { Button } from '../../components/ui/button';
import { fieldClass } from '../../components/ui/form-dialog';
import { ListState } from '../../components/ui/list-state';
import { ApiError } from '../../lib/api';
import { errorMessage } from '../../lib/api-errors';
import { applyCheckInResult, useCheckInList, type CheckInRefusalCode, type CheckInRow } from './check-in-api';
import { CheckInRowCard, useRefusalWords } from './check-in-row';
import { checkInSender, useCheckInQueue } from './check-in-sync';
import { ReasonDialog } from './components/reason-dialog';

const REFUSALS: readonly string[] = ['not_assigned', 'unpaid', 'document_expired'] satisfies CheckInRefusalCode[];

/** The refusal codes a 409 named (as its fields). */
const refusalCodes = (e: ApiError) => e.fields.map((f) => f.field).filter((f): f is CheckInRefusalCode => REFUSALS.includes(f));

/** A v4 UUID; crypto.randomUUID exists only on secure origins, a market's local network may not be one. */
function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, '');
/** A code typed or scanned in full: the slot, the vendor code, or the vendor's whole id. */
const isExact = (r: CheckInRow, q: string) => norm(r.slotCode) === q || r.vendorCode === q || r.vendorId === q;
const matches = (r: CheckInRow, q: string) =>
  !q || norm(r.vendorName).includes(q) || norm(r.slotCode).startsWith(q) || r.vendorCode.startsWith(q) || r.vendorId === q;

/**
 * Check-in on the market day, for a phone: search or scan a vendor, check in or mark a no-show. Every action is
 * queued on the device first and sent when there is a connection, so the gate keeps working offline.
 */
export function CheckInView({ marketDayId }: { marketDayId: string }) {
  const { t, language } = useI18n();
  const qc = useQueryClient();
  const list = useCheckInList(marketDayId);
  const sync = useCheckInQueue();
  const words = useRefusalWords();
  const searchRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [highlight, setHighlight] = useState<string | null>(null);
  const [refused, setRefused] = useState<Record<string, CheckInRefusalCode[]>>({});
  const [notRecorded, setNotRecorded] = useState<{ id: string; text: string }[]>([]);
  const [overriding, setOverriding] = useState<{ row: CheckInRow; codes: CheckInRefusalCode[] } | null>(null);

  useEffect(
    () =>
      checkInSender.onEvent((e) => {
        if (e.kind === 'sent') return applyCheckInResult(qc, e.item.marketDayId, e.result);
        const codes = refusalCodes(e.error);
        if (e.error.status === 409 && codes.length) setRefused((m) => ({ ...m, [e.item.assignmentId]: codes }));
        else
          setNotRecorded((xs) => [
            ...xs,
            { id: e.item.id, text: t('checkIn.notRecorded', { vendor: e.item.vendorName, message: errorMessage(t, e.error) }) },
          ]);
      }),
    [qc, t],
  );

  const rows = useMemo(() => list.data?.rows ?? [], [list.data]);
  const q = norm(query);
  const shown = useMemo(() => rows.filter((r) => matches(r, q)), [rows, q]);
  const pendingOf = useMemo(() => new Map(sync.queue.map((a) => [a.assignmentId, a])), [sync.queue]);

  useEffect(() => {
    if (!highlight) return;
    const el = document.getElementById(`check-in-${highlight}`);
    el?.scrollIntoView?.({ block: 'nearest' });
    el?.querySelector<HTMLButtonElement>('[data-check-in-button]')?.focus();
  }, [highlight]);

  /** Enter (typed, or the scanner's last key): one exact or one remaining match is picked, its Check in focused. */
  const pick = () => {
    const exact = rows.filter((r) => isExact(r, q));
    const one = exact.length === 1 ? exact[0] : shown.length === 1 ? shown[0] : undefined;
    setHighlight(one?.assignmentId ?? null);
  };

  const act = (row: CheckInRow, action: 'check_in' | 'no_show', overrideReason?: string) => {
    setRefused(({ [row.assignmentId]: _gone, ...rest }) => rest);
    void sync.enqueue({
      id: newId(),
      marketDayId,
      assignmentId: row.assignmentId,
      action,
      recordedAt: new Date().toISOString(),
      ...(overrideReason ? { overrideReason } : {}),
      vendorName: row.vendorName,
      queuedAt: Date.now(),
    });
    // Ready for the next vendor: a scanner types into the search field again.
    if (query) {
      setQuery('');
      setHighlight(null);
      searchRef.current?.focus();
    }
  };

  const day = list.data;
  const holding = rows.filter((r) => r.status === 'confirmed' || r.status === 'checked_in');
  const stale = !!day && (list.isError || list.fetchStatus === 'paused' || list.dataUpdatedAt === 0);
  const dayLabel = day ? dateTimeFormat(language, { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${day.date}T00:00:00Z`)) : '';

  return (
    <section className="mx-auto flex w-full max-w-md flex-col gap-3" aria-labelledby="check-in-title" data-testid="check-in-view">
      <header className="flex flex-col">
        <h2 id="check-in-title" className="text-lg font-semibold">
          {t('checkIn.title')}
        </h2>
        {day && (
          <p className="text-sm text-muted-foreground">
            {dayLabel} · {language === 'ar' ? day.locationNameAr : day.locationNameEn}
          </p>
        )}
      </header>

      {(sync.queue.length > 0 || !sync.isOnline) && (
        <div
          role="status"
          className="flex flex-col gap-2 rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
        >
          {sync.queue.length > 0 && <span className="font-medium">{t('checkIn.banner.waiting', { count: sync.queue.length })}</span>}
          {!sync.isOnline && <span>{t('checkIn.banner.offline')}</span>}
          {sync.isOnline && sync.queue.length > 0 && (
            <Button variant="outline" className="h-12 self-start" disabled={!!sync.sending} onClick={sync.sendNow}>
              {sync.sending ? t('checkIn.banner.sending') : t('checkIn.banner.sendNow')}
            </Button>
          )}
        </div>
      )}

      <form role="search" onSubmit={(e) => (e.preventDefault(), pick())} className="flex flex-col gap-1">
        <label htmlFor="check-in-search" className="text-sm font-medium">
          {t('checkIn.search.label')}
        </label>
        <input
          id="check-in-search"
          ref={searchRef}
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          className={`${fieldClass} h-12 text-base`}
          placeholder={t('checkIn.search.placeholder')}
          value={query}
          onChange={(e) => (setQuery(e.target.value), setHighlight(null))}
        />
      </form>

      {notRecorded.map((n) => (
        <div
          key={n.id}
          role="alert"
          className="flex items-center justify-between gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm"
        >
          <span>{n.text}</span>
          <Button variant="ghost" className="h-12" onClick={() => setNotRecorded((xs) => xs.filter((x) => x.id !== n.id))}>
            {t('checkIn.action.dismiss')}
          </Button>
        </div>
      ))}

      {day && (
        <p className="text-sm text-muted-foreground">
          {t('checkIn.counts', { checkedIn: holding.filter((r) => r.status === 'checked_in').length, total: holding.length })}
          {stale && <> · {t('checkIn.stale')}</>}
        </p>
      )}

      <ListState
        loading={list.isPending}
        error={day ? null : list.error}
        empty={!!day && rows.length === 0}
        loadingLabel={t('checkIn.loading')}
        errorLabel={t('checkIn.failed')}
        retryLabel={t('common.tryAgain')}
        onRetry={() => void list.refetch()}
        emptyContent={t('checkIn.empty')}
      />
      {rows.length > 0 && shown.length === 0 && (
        <p className="py-4 text-center text-sm text-muted-foreground">{t('checkIn.search.noMatch', { query })}</p>
      )}

      <ul className="flex flex-col gap-2">
        {shown.map((row) => (
          <CheckInRowCard
            key={row.assignmentId}
            row={row}
            pending={pendingOf.get(row.assignmentId)}
            sending={!!sync.sending && sync.sending === pendingOf.get(row.assignmentId)?.id}
            refused={refused[row.assignmentId]}
            highlighted={highlight === row.assignmentId}
            onAction={(action) => act(row, action)}
            onOverride={(codes) => setOverriding({ row, codes })}
            onDismiss={() => setRefused(({ [row.assignmentId]: _gone, ...rest }) => rest)}
          />
        ))}
      </ul>

      {/* Asks why a refused check-in goes ahead: the reason is sent with it and kept on the record. */}
      <ReasonDialog
        open={!!overriding}
        onOpenChange={(open) => !open && setOverriding(null)}
        title={t('checkIn.override.title')}
        description={t('checkIn.override.description', {
          vendor: overriding?.row.vendorName ?? '',
          reasons: overriding ? words(overriding.codes) : '',
        })}
        confirmLabel={t('checkIn.override.confirm')}
        words={{ label: t('checkIn.override.reason'), required: t('checkIn.override.required'), back: t('checkIn.override.back') }}
        large
        onConfirm={(reason) => {
          if (overriding) act(overriding.row, 'check_in', reason);
          setOverriding(null);
        }}
      />
    </section>
  );
}

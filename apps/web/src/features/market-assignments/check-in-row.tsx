import { useEffect, useMemo, useState } from 'react';
import { useI18n } from '../../app/i18n/i18n-provider';
import { dateTimeFormat, formatLocale } from '../../app/i18n/locale-format';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import type { CheckInRefusalCode, CheckInRow } from './check-in-api';
import type { QueuedAction } from './check-in-queue';

/** How long "Confirm no-show" waits for the second tap before it turns back. */
const CONFIRM_MS = 4_000;

const STATUS_TONE: Record<CheckInRow['status'], string> = {
  confirmed: 'bg-muted text-foreground',
  checked_in: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100',
  no_show: 'bg-destructive/15 text-destructive',
  absent_approved: 'bg-muted text-muted-foreground',
  absent_unapproved: 'bg-muted text-muted-foreground',
  cancelled: 'bg-muted text-muted-foreground',
};

/** The refusal codes in the reader's words, joined. */
export function useRefusalWords() {
  const { t, language } = useI18n();
  const list = useMemo(() => new Intl.ListFormat(formatLocale(language), { style: 'short', type: 'unit' }), [language]);
  return (codes: readonly CheckInRefusalCode[]) => list.format(codes.map((c) => t(`checkIn.refusal.${c}`)));
}

/**
 * One booking of the day, sized for a thumb: vendor, slot, category, status, what would refuse a check-in,
 * the action waiting to sync, and the buttons. A refusal the server gave shows with its Override.
 */
export function CheckInRowCard({
  row,
  pending,
  sending,
  refused,
  highlighted,
  onAction,
  onOverride,
  onDismiss,
}: {
  row: CheckInRow;
  pending: QueuedAction | undefined;
  sending: boolean;
  /** The codes of the server's last refusal of this booking's check-in. */
  refused: CheckInRefusalCode[] | undefined;
  highlighted: boolean;
  onAction: (action: 'check_in' | 'no_show') => void;
  onOverride: (codes: CheckInRefusalCode[]) => void;
  onDismiss: () => void;
}) {
  const { t, language } = useI18n();
  const words = useRefusalWords();
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    if (!confirming) return;
    const timer = setTimeout(() => setConfirming(false), CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [confirming]);
  const known = row.refusals.map((x) => x.code);
  const time = row.checkedInAt ? dateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(new Date(row.checkedInAt)) : null;
  const override = row.status === 'checked_in' ? row.lastAction?.overrideReason : null;
  const canAct = !pending && row.status !== 'checked_in';
  return (
    <li
      id={`check-in-${row.assignmentId}`}
      data-testid="check-in-row"
      className={cn('flex flex-col gap-2 rounded-lg border bg-card p-3', highlighted && 'ring-2 ring-primary')}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col">
          <span className="truncate text-base font-semibold">{row.vendorName}</span>
          <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm text-muted-foreground">
            <span className="font-medium text-foreground">{t('checkIn.row.slot', { slot: row.slotCode })}</span>
            <span className="flex items-center gap-1">
              <span aria-hidden className="size-2.5 rounded-full" style={{ backgroundColor: row.categoryColour }} />
              {language === 'ar' ? row.categoryNameAr : row.categoryNameEn}
            </span>
            <span className="text-xs">
              {t('checkIn.row.code')}{' '}
              <bdi dir="ltr" className="font-mono">
                {row.vendorCode}
              </bdi>
            </span>
          </span>
        </div>
        <span className={cn('shrink-0 rounded-full px-2.5 py-1 text-xs font-medium', STATUS_TONE[row.status])}>
          {t(`checkIn.status.${row.status}`)}
        </span>
      </div>

      {time && <p className="text-sm">{t('checkIn.row.checkedInAt', { time })}</p>}
      {override && <p className="text-xs text-muted-foreground">{t('checkIn.row.overridden', { reason: override })}</p>}
      {pending && (
        <p role="status" className="text-sm font-medium text-amber-700 dark:text-amber-300">
          {sending ? t('checkIn.row.sending') : t(`checkIn.row.waiting.${pending.action}`)}
        </p>
      )}

      {refused ? (
        <div role="alert" className="flex flex-col gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm">
          <span>{t('checkIn.refused', { reasons: words(refused) })}</span>
          <div className="flex gap-2">
            <Button variant="destructive" className="h-12 flex-1 text-base" onClick={() => onOverride(refused)}>
              {t('checkIn.action.override')}
            </Button>
            <Button variant="outline" className="h-12 flex-1 text-base" onClick={onDismiss}>
              {t('checkIn.action.dismiss')}
            </Button>
          </div>
        </div>
      ) : (
        known.length > 0 &&
        row.status !== 'checked_in' && (
          <div className="flex items-center justify-between gap-2 text-sm text-amber-800 dark:text-amber-200">
            <span>{t('checkIn.row.warnings', { reasons: words(known) })}</span>
            {canAct && (
              <Button variant="link" className="h-12 px-1" onClick={() => onOverride(known)}>
                {t('checkIn.action.override')}
              </Button>
            )}
          </div>
        )
      )}

      {canAct && !refused && (
        <div className="flex gap-2">
          <Button className="h-12 flex-1 text-base" data-check-in-button onClick={() => onAction('check_in')}>
            {t('checkIn.action.checkIn')}
          </Button>
          {row.status === 'confirmed' && (
            <Button
              variant={confirming ? 'destructive' : 'outline'}
              className="h-12 flex-1 text-base"
              onClick={() => (confirming ? (setConfirming(false), onAction('no_show')) : setConfirming(true))}
            >
              {confirming ? t('checkIn.action.confirmNoShow') : t('checkIn.action.noShow')}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

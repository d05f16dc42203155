import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { formatNumber } from '../../app/i18n/locale-format';
import { useI18n } from '../../app/i18n/i18n-provider';
import { Button } from '../../components/ui/button';
import { FormDialog } from '../../components/ui/form-dialog';
import { ListState } from '../../components/ui/list-state';
import { errorMessage } from '../../lib/api-errors';
import { isDayChanged, useAllocationProposal, useApplyAllocation } from './allocation-api';
import { ProposalBody } from './allocation-lists';
import { formatLongDate } from './board-dates';

/**
 * Automatic allocation of one market day: asks the server for a proposal (who goes on which free slot and
 * why), lets the manager choose whether unlocked bookings may move, and applies exactly what is shown. When
 * the day changed meanwhile the server refuses; the dialog says so and shows the proposal made afresh.
 */
export function AllocationDialog({
  marketDayId,
  open,
  onOpenChange,
}: {
  marketDayId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, language } = useI18n();
  const toggleId = useId();
  const [keepUnlocked, setKeepUnlocked] = useState(true);
  const proposal = useAllocationProposal(marketDayId, keepUnlocked, open);
  const applying = useApplyAllocation(marketDayId);
  const { reset } = applying;

  // Each opening starts over: the default option and no refusal of an earlier attempt.
  useEffect(() => {
    if (open) {
      setKeepUnlocked(true);
      reset();
    }
  }, [open, reset]);

  const data = proposal.data;
  const nothingToApply = !data || (data.placements.length === 0 && data.released.length === 0);
  const changed = isDayChanged(applying.error);
  const failure = applying.error && !changed ? errorMessage(t, applying.error) : null;

  const apply = () => {
    if (!data) return;
    applying.mutate(data, {
      onSuccess: (result) => {
        toast.success(
          t('marketAssignments.allocation.applied', {
            created: formatNumber(result.created, language),
            released: formatNumber(result.released, language),
          }),
        );
        onOpenChange(false);
      },
    });
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      wide
      title={t('marketAssignments.allocation.title')}
      description={
        data
          ? t('marketAssignments.allocation.description', { date: formatLongDate(data.date, language) })
          : t('marketAssignments.allocation.descriptionLoading')
      }
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('marketAssignments.allocation.close')}
          </Button>
          <Button onClick={apply} disabled={nothingToApply || proposal.isFetching || applying.isPending}>
            {t('marketAssignments.allocation.apply')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor={toggleId} className="inline-flex items-center gap-2 font-medium">
            <input
              id={toggleId}
              type="checkbox"
              className="size-4"
              aria-describedby={`${toggleId}-hint`}
              checked={keepUnlocked}
              onChange={(e) => {
                setKeepUnlocked(e.target.checked);
                reset();
              }}
            />
            {t('marketAssignments.allocation.keepUnlocked')}
          </label>
          <span id={`${toggleId}-hint`} className="text-xs text-muted-foreground">
            {t('marketAssignments.allocation.keepUnlockedHint')}
          </span>
        </div>
        {(changed || failure) && (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
            {changed ? t('marketAssignments.allocation.changed') : failure}
          </p>
        )}
        <ListState
          loading={proposal.isPending && open}
          error={proposal.error}
          empty={false}
          loadingLabel={t('marketAssignments.allocation.loading')}
          errorLabel={t('marketAssignments.allocation.loadFailed')}
          retryLabel={t('common.tryAgain')}
          onRetry={() => void proposal.refetch()}
          emptyContent={null}
        />
        {data && !proposal.error && <ProposalBody proposal={data} />}
      </div>
    </FormDialog>
  );
}

import { formatNumber } from '../../app/i18n/locale-format';
import { useI18n } from '../../app/i18n/i18n-provider';
import type { AllocationPlacement, AllocationProposal, AllocationReleased, AllocationUnplaced } from './allocation-api';
import { formatMediumDate } from './board-dates';

type Named = { categoryNameEn: string; categoryNameAr: string };
const categoryName = (x: Named, language: string) => (language === 'ar' ? x.categoryNameAr : x.categoryNameEn);

function CategoryDot({ colour }: { colour: string }) {
  return <span aria-hidden className="inline-block size-2.5 shrink-0 rounded-full" style={{ backgroundColor: colour }} />;
}

/** Why a request went where it went, in the reader's language. */
export function useReasonText() {
  const { t, language } = useI18n();
  return (reason: AllocationPlacement['reason']) =>
    reason.code === 'kept_previous_slot'
      ? reason.params.date
        ? t('marketAssignments.allocation.reason.kept_previous_slot', { date: formatMediumDate(reason.params.date, language) })
        : t('marketAssignments.allocation.reason.kept_previous_slot_undated')
      : t(`marketAssignments.allocation.reason.${reason.code}`);
}

/** The placements slot by slot (the proposal's natural slot order): who goes there and why. */
export function PlacementTable({ placements }: { placements: readonly AllocationPlacement[] }) {
  const { t, language } = useI18n();
  const reasonText = useReasonText();
  return (
    <table className="w-full text-sm" data-testid="allocation-placements">
      <thead>
        <tr className="text-xs text-muted-foreground">
          <th scope="col" className="py-1 pe-2 text-start font-medium">
            {t('marketAssignments.allocation.slot')}
          </th>
          <th scope="col" className="py-1 pe-2 text-start font-medium">
            {t('marketAssignments.allocation.vendor')}
          </th>
          <th scope="col" className="py-1 pe-2 text-start font-medium">
            {t('marketAssignments.allocation.category')}
          </th>
          <th scope="col" className="py-1 text-start font-medium">
            {t('marketAssignments.allocation.why')}
          </th>
        </tr>
      </thead>
      <tbody>
        {placements.map((p) => (
          <tr key={p.slotId} className="border-t align-top">
            <th scope="row" className="py-1.5 pe-2 text-start font-medium" dir="auto">
              {p.slotCode}
            </th>
            <td className="py-1.5 pe-2" dir="auto">
              {p.vendorName}
            </td>
            <td className="py-1.5 pe-2">
              <span className="inline-flex items-center gap-1.5">
                <CategoryDot colour={p.categoryColour} />
                {categoryName(p, language)}
              </span>
            </td>
            <td className="py-1.5 text-muted-foreground">{reasonText(p.reason)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ReleasedList({ released }: { released: readonly AllocationReleased[] }) {
  const { t, language } = useI18n();
  if (!released.length) return null;
  return (
    <section aria-labelledby="allocation-released" className="flex flex-col gap-1">
      <h3 id="allocation-released" className="text-sm font-medium">
        {t('marketAssignments.allocation.released', { count: formatNumber(released.length, language) })}
      </h3>
      <ul className="flex flex-col gap-1 text-sm">
        {released.map((r) => (
          <li key={r.assignmentId} className="flex items-center gap-1.5">
            <CategoryDot colour={r.categoryColour} />
            {t('marketAssignments.allocation.releasedItem', { vendor: r.vendorName, code: r.slotCode })}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function UnplacedList({ unplaced }: { unplaced: readonly AllocationUnplaced[] }) {
  const { t, language } = useI18n();
  if (!unplaced.length) return null;
  const why = (u: AllocationUnplaced) =>
    u.reason === 'not_eligible'
      ? t('marketAssignments.allocation.unplaced.not_eligible', { message: u.message ?? '' })
      : t(`marketAssignments.allocation.unplaced.${u.reason}`);
  return (
    <section aria-labelledby="allocation-unplaced" className="flex flex-col gap-1" data-testid="allocation-unplaced">
      <h3 id="allocation-unplaced" className="text-sm font-medium">
        {t('marketAssignments.allocation.unplacedTitle', { count: formatNumber(unplaced.length, language) })}
      </h3>
      <ul className="flex flex-col gap-1 text-sm">
        {unplaced.map((u) => (
          <li key={u.requestId} className="flex flex-wrap items-center gap-x-1.5">
            <CategoryDot colour={u.categoryColour} />
            <span dir="auto">{u.vendorName}</span>
            <span className="text-muted-foreground">
              ({categoryName(u, language)}): {why(u)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Everything the proposal says, placements first. */
export function ProposalBody({ proposal }: { proposal: AllocationProposal }) {
  const { t, language } = useI18n();
  const n = (v: number) => formatNumber(v, language);
  return (
    <div className="flex flex-col gap-4">
      <section aria-labelledby="allocation-placements" className="flex flex-col gap-1">
        <h3 id="allocation-placements" className="text-sm font-medium">
          {t('marketAssignments.allocation.placements', { count: n(proposal.placements.length) })}
        </h3>
        {proposal.placements.length ? (
          <PlacementTable placements={proposal.placements} />
        ) : (
          <p className="rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground">
            {t('marketAssignments.allocation.noPlacements')}
          </p>
        )}
      </section>
      <ReleasedList released={proposal.released} />
      <UnplacedList unplaced={proposal.unplaced} />
      <p className="text-xs text-muted-foreground">{t('marketAssignments.allocation.freeAfter', { count: n(proposal.freeSlotsAfter) })}</p>
    </div>
  );
}

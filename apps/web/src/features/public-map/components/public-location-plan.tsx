import { useMemo } from 'react';
import { SlotPlan } from '../../../components/slot-plan';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { usePublicPlan } from '../api';

/** The slot plan of one location, fetched when it is opened; drawn read-only, coloured by category. */
export function PublicLocationPlan({ id, name }: { id: string; name: string }) {
  const { t } = useI18n();
  const plan = usePublicPlan(id, true);
  // The public answer has no slot ids or statuses: a code is unique within its location, and the public sees every slot as open.
  const slots = useMemo(() => (plan.data?.slots ?? []).map((s) => ({ ...s, id: s.code, status: 'open' as const })), [plan.data]);
  if (plan.isPending)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {t('map.planLoading')}
      </p>
    );
  if (plan.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {t('map.planFailed')}
      </p>
    );
  const p = plan.data;
  if (!slots.length) return <p className="text-sm text-muted-foreground">{t('map.planEmpty')}</p>;
  return (
    <section aria-label={t('map.plan', { name })} data-testid="public-plan">
      <SlotPlan
        location={{ id: p.id, planWidthM: p.planWidthM, planDepthM: p.planDepthM, planImageUrl: p.planImageUrl }}
        slots={slots}
        categories={p.categories}
      />
    </section>
  );
}

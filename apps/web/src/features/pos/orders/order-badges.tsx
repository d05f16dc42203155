import type { PosOrderKind, PosOrderPlacement } from '@market/contracts/plain';
import { useT } from '../../../app/i18n/i18n-provider';

export function KindBadge({ kind }: { kind: PosOrderKind }) {
  const t = useT();
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-medium ${kind === 'sale' ? 'bg-sky-100 text-sky-800' : 'bg-rose-100 text-rose-800'}`}
    >
      {t(`orders.kind.${kind}`)}
    </span>
  );
}

/** Said only when the order did not land in the session it was sold in (moved to the open one, or held). */
export function PlacementBadge({ placement }: { placement: PosOrderPlacement }) {
  const t = useT();
  if (placement === 'session') return null;
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-medium ${placement === 'held' ? 'bg-amber-100 text-amber-900' : 'bg-muted text-muted-foreground'}`}
      title={t(`orders.placementHint.${placement}`)}
    >
      {t(`orders.placement.${placement}`)}
    </span>
  );
}

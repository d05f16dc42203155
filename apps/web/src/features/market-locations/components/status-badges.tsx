import { Eye, EyeOff } from 'lucide-react';
import { useI18n } from '../../../app/i18n/i18n-provider';

const pill = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium';

export function PublicBadge({ isPublic }: { isPublic: boolean }) {
  const { t } = useI18n();
  return isPublic ? (
    <span className={`${pill} bg-emerald-100 text-emerald-900`}>
      <Eye className="size-3" aria-hidden />
      {t('locations.visibility.public')}
    </span>
  ) : (
    <span className={`${pill} bg-muted text-muted-foreground`}>
      <EyeOff className="size-3" aria-hidden />
      {t('locations.visibility.hidden')}
    </span>
  );
}

export function StatusBadge({ status }: { status: 'active' | 'inactive' }) {
  const { t } = useI18n();
  return (
    <span className={`${pill} ${status === 'active' ? 'bg-sky-100 text-sky-900' : 'bg-amber-100 text-amber-900'}`}>
      {t(`locations.status.${status}`)}
    </span>
  );
}

export function DayStatusBadge({ status }: { status: 'draft' | 'published' | 'completed' | 'cancelled' }) {
  const { t } = useI18n();
  const colour =
    status === 'published'
      ? 'bg-emerald-100 text-emerald-900'
      : status === 'cancelled'
        ? 'bg-red-100 text-red-900'
        : 'bg-muted text-muted-foreground';
  return <span className={`${pill} ${colour}`}>{t(`locations.dayStatus.${status}`)}</span>;
}

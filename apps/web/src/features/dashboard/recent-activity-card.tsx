import { Activity } from 'lucide-react';
import { useI18n } from '../../app/i18n/i18n-provider';
import { ActivitySentence, type ActivityEntry } from './activity-sentence';
import { SectionCard } from '../../components/ui/section-card';
import { formatLocale } from '../../app/i18n/locale-format';

/** The newest entries of the audit log the caller may see, each told as a sentence. */
export function RecentActivityCard({ entries }: { entries: ActivityEntry[] }) {
  const { t, language } = useI18n();
  return (
    <SectionCard icon={<Activity className="size-4" aria-hidden />} title={t('dashboard.recentActivity')} testId="recent-activity">
      {entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('dashboard.noActivity')}</p>
      ) : (
        <ul className="flex flex-col gap-3 text-sm">
          {entries.map((a) => (
            <li key={a.id} className="flex flex-col">
              <ActivitySentence entry={a} />
              <time className="text-xs text-muted-foreground" dateTime={a.createdAt}>
                {new Date(a.createdAt).toLocaleString(formatLocale(language), { dateStyle: 'medium', timeStyle: 'short' })}
              </time>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

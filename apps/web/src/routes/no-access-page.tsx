import type { PermissionKey } from '@market/contracts';
import { ShieldX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '../components/ui/button';
import { useT } from '../app/i18n/i18n-provider';

export function NoAccessPage({ permission }: { permission: PermissionKey | null }) {
  const t = useT();
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center" data-testid="no-access">
      <ShieldX className="size-10 text-muted-foreground" aria-hidden />
      <h1 className="text-xl font-semibold">{t('page.noAccess.title')}</h1>
      <p className="text-sm text-muted-foreground">{t('page.noAccess.description')}</p>
      {permission && <p className="text-sm">{t('page.noAccess.required', { permission: t(`permission.${permission}`) })}</p>}
      <Link to="/dashboard" className={buttonVariants({ variant: 'outline' })}>
        {t('page.noAccess.action')}
      </Link>
    </section>
  );
}

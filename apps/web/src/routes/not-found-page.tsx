import { Link } from 'react-router';
import { buttonVariants } from '../components/ui/button';
import { useT } from '../app/i18n/i18n-provider';

export default function NotFoundPage() {
  const t = useT();
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-3 p-6 text-center">
      <p className="text-5xl font-bold text-muted-foreground">404</p>
      <h1 className="text-xl font-semibold">{t('page.notFound.title')}</h1>
      <p className="text-sm text-muted-foreground">{t('page.notFound.description')}</p>
      <Link to="/dashboard" className={buttonVariants()}>
        {t('page.notFound.action')}
      </Link>
    </main>
  );
}

import { LogOut, Package, ShoppingBag, Store } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Button, buttonVariants } from '../../components/ui/button';
import { ListState } from '../../components/ui/list-state';
import { PageSkeleton } from '../../components/ui/page-skeleton';
import { useMe } from '../../app/session/use-me';
import { useAuth } from '../../app/session/auth-provider';
import { logout } from '../../app/session/logout';
import { useI18n } from '../../app/i18n/i18n-provider';
import { useVendorOverview } from './vendor-portal-api';
import { LanguageSwitch } from '../../app/i18n/language-switch';
import { ApplicationsCard, Card, DocumentsCard, NotYetCard, VendorCard } from './vendor-portal-sections';
import { VendorOffersCard } from './vendor-offers-card';

// The vendor's money reuses the payment views (statement, print): its own chunk, loaded once the page shows.
const VendorMoney = lazy(() => import('./vendor-money'));

/** The vendor's own page (/vendor-dashboard, outside the staff shell): their record, documents and applications. */
export default function VendorDashboardPage() {
  const { t } = useI18n();
  const { session, loading } = useAuth();
  const me = useMe();
  const allowed = !!me.data?.permissions.includes('vendor_dashboard');
  const overview = useVendorOverview(session?.user.id, !!session && allowed);
  const [leaving, setLeaving] = useState(false);
  // The waitlist offer e-mail links here with ?offer=<id>; it survives the sign-in detour.
  const [search] = useSearchParams();
  const offer = search.get('offer');

  if (loading) return <PageSkeleton label={t('common.loadingPage')} />;
  if (!session)
    return (
      <Navigate to="/auth" state={{ from: offer ? `/vendor-dashboard?offer=${encodeURIComponent(offer)}` : '/vendor-dashboard' }} replace />
    );
  if (me.isPending) return <PageSkeleton label={t('common.loadingPage')} />;

  const signOut = (
    <Button
      variant="outline"
      size="sm"
      disabled={leaving}
      onClick={() => {
        setLeaving(true);
        void logout();
      }}
      data-testid="vendor-sign-out"
    >
      <LogOut className="size-4" aria-hidden />
      {t('vendorDashboard.signOut')}
    </Button>
  );

  if (me.isError) {
    return (
      <section className="flex flex-col gap-4">
        <ListState
          loading={false}
          error={me.error}
          empty={false}
          loadingLabel=""
          errorLabel={t('vendorDashboard.loadFailed')}
          retryLabel={t('common.tryAgain')}
          onRetry={() => void me.refetch()}
          emptyContent={null}
        />
        <div>{signOut}</div>
      </section>
    );
  }
  if (!allowed) {
    return (
      <section className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center" data-testid="vendor-dashboard-not-vendor">
        <Store className="size-10 text-muted-foreground" aria-hidden />
        <h1 className="text-xl font-semibold">{t('vendorDashboard.notVendor.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('vendorDashboard.notVendor.description')}</p>
        <div className="flex flex-wrap justify-center gap-2">
          <Link to="/dashboard" className={buttonVariants({ variant: 'default' })}>
            {t('vendorDashboard.notVendor.action')}
          </Link>
          {signOut}
        </div>
      </section>
    );
  }

  const data = overview.data;
  const name = data?.vendor?.publicName ?? data?.user.fullName ?? data?.user.email ?? session.user.email ?? '';
  return (
    <section className="flex flex-col gap-4" aria-labelledby="vendor-welcome" data-testid="vendor-dashboard">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm text-muted-foreground">{t('route.vendorDashboard')}</p>
          <h1 id="vendor-welcome" className="break-words text-2xl font-semibold" data-testid="vendor-welcome">
            {data ? t('vendorDashboard.welcome', { name }) : t('route.vendorDashboard')}
          </h1>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <LanguageSwitch />
          {signOut}
        </div>
      </header>
      {!data ? (
        <ListState
          loading={overview.isPending}
          error={overview.error}
          empty={false}
          loadingLabel={t('common.loading')}
          errorLabel={t('vendorDashboard.loadFailed')}
          retryLabel={t('common.tryAgain')}
          onRetry={() => void overview.refetch()}
          emptyContent={null}
        />
      ) : (
        <>
          {data.vendor ? (
            <div className="grid gap-4 md:grid-cols-2">
              <VendorCard vendor={data.vendor} />
              <DocumentsCard documents={data.vendor.documents} />
            </div>
          ) : (
            <Card title={t('vendorDashboard.vendor.title')}>
              <p className="text-sm text-muted-foreground" data-testid="vendor-not-linked">
                {t('vendorDashboard.vendor.notLinked')}
              </p>
            </Card>
          )}
          {data.vendor && <VendorOffersCard highlight={offer} />}
          {data.vendor && (
            <Suspense
              fallback={
                <p role="status" className="text-sm text-muted-foreground">
                  {t('vendorDashboard.money.loading')}
                </p>
              }
            >
              <VendorMoney />
            </Suspense>
          )}
          <ApplicationsCard applications={data.applications} />
          <div className="grid gap-4 md:grid-cols-2">
            <NotYetCard title={t('vendorDashboard.products')} icon={Package} />
            <NotYetCard title={t('vendorDashboard.orders')} icon={ShoppingBag} />
          </div>
        </>
      )}
    </section>
  );
}

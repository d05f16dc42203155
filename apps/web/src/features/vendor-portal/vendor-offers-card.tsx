import type { marketAssignmentsRoutes } from '@market/contracts';
import { vendorPortalRoutes } from '@market/contracts/plain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Clock, MapPin } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { ListState } from '../../components/ui/list-state';
import { useI18n } from '../../app/i18n/i18n-provider';
import { dateTimeFormat, formatLocale } from '../../app/i18n/locale-format';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/api-errors';
import { cn } from '../../lib/cn';
import { vendorMoneyKeys } from './vendor-portal-api';
import { Card } from './vendor-portal-sections';

type Offer = marketAssignmentsRoutes.WaitlistOffer;

export const vendorOfferKeys = { all: ['vendor-portal', 'offers'] as const };

const dayOf = (d: string, language: string) =>
  new Date(`${d}T00:00:00Z`).toLocaleDateString(formatLocale(language), { timeZone: 'UTC', dateStyle: 'full' });

/**
 * The vendor's open stall offers from the waitlist, each answerable here; `highlight` is the offer the e-mail's
 * link names (`/vendor-dashboard?offer=<id>`), shown first and marked, or a note when it is no longer open.
 */
export function VendorOffersCard({ highlight }: { highlight: string | null }) {
  const { t, language } = useI18n();
  const queryClient = useQueryClient();
  const offers = useQuery({ queryKey: vendorOfferKeys.all, queryFn: () => api(vendorPortalRoutes.listVendorOffers) });
  const answer = useMutation({
    mutationFn: ({ offer, accept }: { offer: Offer; accept: boolean }) =>
      accept
        ? api(vendorPortalRoutes.acceptVendorOffer, { params: { id: offer.id } })
        : api(vendorPortalRoutes.declineVendorOffer, { params: { id: offer.id } }),
    onSuccess: (offer, { accept }) => {
      toast.success(
        accept
          ? t('vendorDashboard.offers.accepted', { code: offer.slotCode, date: dayOf(offer.date, language) })
          : t('vendorDashboard.offers.declined'),
      );
    },
    onError: (error) => toast.error(errorMessage(t, error)),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: vendorOfferKeys.all });
      // An accepted stall is a new booking in "My market days".
      void queryClient.invalidateQueries({ queryKey: vendorMoneyKeys.days });
    },
  });
  const list = [...(offers.data ?? [])].sort((a, b) => Number(b.id === highlight) - Number(a.id === highlight));
  const time = dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Card title={t('vendorDashboard.offers.title')} icon={MapPin} testId="vendor-offers">
      {highlight && offers.data && !offers.data.some((o) => o.id === highlight) && (
        <p className="rounded-md bg-muted p-2 text-sm" role="status">
          {t('vendorDashboard.offers.linkGone')}
        </p>
      )}
      {offers.data?.length ? (
        <ul className="flex flex-col gap-2">
          {list.map((o) => (
            <li
              key={o.id}
              className={cn(
                'flex flex-wrap items-center justify-between gap-3 rounded-md border p-3',
                o.id === highlight && 'border-primary ring-1 ring-primary',
              )}
              data-testid="vendor-offer"
            >
              <div className="flex min-w-0 flex-col gap-1">
                {o.id === highlight && <span className="text-xs font-medium text-primary">{t('vendorDashboard.offers.fromLink')}</span>}
                <span className="font-medium">
                  {t('vendorDashboard.offers.stall', {
                    code: o.slotCode,
                    location: language === 'ar' ? o.locationNameAr : o.locationNameEn,
                    date: dayOf(o.date, language),
                  })}
                </span>
                <span className="text-sm text-muted-foreground">
                  {t('vendorDashboard.offers.category', { category: language === 'ar' ? o.categoryNameAr : o.categoryNameEn })}
                </span>
                <span className="flex items-center gap-1 text-sm text-amber-700 dark:text-amber-300">
                  <Clock className="size-3.5" aria-hidden />
                  {t('vendorDashboard.offers.expires', { time: time.format(new Date(o.expiresAt)) })}
                </span>
              </div>
              <div className="flex gap-2">
                <Button variant="outline" disabled={answer.isPending} onClick={() => answer.mutate({ offer: o, accept: false })}>
                  {t('vendorDashboard.offers.decline')}
                </Button>
                <Button
                  disabled={answer.isPending}
                  onClick={() => answer.mutate({ offer: o, accept: true })}
                  data-testid="vendor-offer-accept"
                >
                  {t('vendorDashboard.offers.accept')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <ListState
          loading={offers.isPending}
          error={offers.error}
          empty={!!offers.data}
          loadingLabel={t('common.loading')}
          errorLabel={t('vendorDashboard.offers.loadFailed')}
          retryLabel={t('common.tryAgain')}
          onRetry={() => void offers.refetch()}
          emptyContent={<p className="text-sm text-muted-foreground">{t('vendorDashboard.offers.empty')}</p>}
        />
      )}
    </Card>
  );
}

import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api';
import { useT } from '../../../app/i18n/i18n-provider';
import { VendorBookings } from '../../market-assignments';
import { VendorLedgerStatement } from '../../payment-management';
import { useVendor } from '../vendors-api';
import { VendorStatusBadge } from './vendor-badges';
import { VendorCategoriesSection } from './vendor-categories-section';
import { VendorDetailsSection } from './vendor-details-section';
import { VendorDocumentsSection } from './vendor-documents-section';
import { VendorStatusSection } from './vendor-status-section';
import { VendorUsersSection } from './vendor-users-section';

/** One vendor in a side panel (full screen on a phone): details, status, categories, linked users, documents. */
export function VendorDrawer({ vendorId, onClose }: { vendorId: string | null; onClose: () => void }) {
  const t = useT();
  const vendor = useVendor(vendorId);
  const v = vendor.data;
  const missing = vendor.error instanceof ApiError && vendor.error.status === 404;
  return (
    <Dialog.Root open={!!vendorId} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          className="fixed inset-y-0 end-0 z-50 flex w-full max-w-3xl flex-col border-s bg-background shadow-xl outline-none"
          aria-describedby={undefined}
          data-testid="vendor-drawer"
        >
          <header className="flex items-start justify-between gap-3 border-b p-4">
            <div className="min-w-0">
              <Dialog.Title className="truncate text-lg font-semibold">{v?.publicName ?? t('vendors.drawer.title')}</Dialog.Title>
              {v && (
                <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                  <span>{t(`vendors.type.${v.vendorType}`)}</span>
                  <VendorStatusBadge status={v.status} />
                </p>
              )}
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label={t('common.close')}>
                <X className="size-4" aria-hidden />
              </Button>
            </Dialog.Close>
          </header>
          <div className="flex-1 overflow-y-auto p-4">
            {vendor.isPending && (
              <div role="status" className="flex flex-col gap-2">
                {[0, 1, 2, 3].map((i) => (
                  <div key={i} className="h-10 animate-pulse rounded bg-muted" />
                ))}
                <span className="text-sm text-muted-foreground">{t('common.loading')}</span>
              </div>
            )}
            {vendor.error && (
              <div
                role="alert"
                className="flex flex-col items-start gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-4 text-sm"
              >
                <span>{missing ? t('vendors.drawer.notFound') : t('vendors.drawer.loadFailed')}</span>
                {!missing && (
                  <Button variant="outline" size="sm" onClick={() => void vendor.refetch()}>
                    {t('common.tryAgain')}
                  </Button>
                )}
              </div>
            )}
            {v && (
              <div className="flex flex-col gap-6">
                <Section title={t('vendors.section.status')}>
                  <VendorStatusSection vendor={v} />
                </Section>
                <Section title={t('vendors.section.documents')}>
                  <VendorDocumentsSection vendor={v} />
                </Section>
                <Section title={t('marketAssignments.bookings.title')}>
                  <VendorBookings vendorId={v.id} />
                </Section>
                <Section title={t('pay.statement.title')}>
                  <VendorLedgerStatement vendorId={v.id} />
                </Section>
                <Section title={t('vendors.section.categories')}>
                  <VendorCategoriesSection vendor={v} />
                </Section>
                <Section title={t('vendors.section.users')}>
                  <VendorUsersSection vendor={v} />
                </Section>
                <Section title={t('vendors.section.details')}>
                  <VendorDetailsSection key={v.id} vendor={v} />
                </Section>
              </div>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 rounded-lg border p-4">
      <h3 className="text-base font-semibold">{title}</h3>
      {children}
    </section>
  );
}

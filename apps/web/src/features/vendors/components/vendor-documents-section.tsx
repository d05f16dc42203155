import { Clock, ExternalLink, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/form-dialog';
import { errorMessage, fieldError } from '../../../lib/api-errors';
import { DeclineDialog, DocumentReviewButtons } from '../../applications';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { documentUrl, useDeleteDocument, useUpdateDocument, type Vendor, type VendorDocument } from '../vendors-api';
import { DocumentStatusBadge } from './vendor-badges';
import { VendorDocumentUpload } from './vendor-document-upload';
import { formatLocale } from '../../../app/i18n/locale-format';

/** The vendor's documents with their dates, status and expiry flags; review, open, remove, and add new ones. */
export function VendorDocumentsSection({ vendor }: { vendor: Vendor }) {
  const { t, language } = useI18n();
  const update = useUpdateDocument(vendor.id);
  const remove = useDeleteDocument(vendor.id);
  const [declining, setDeclining] = useState<VendorDocument | null>(null);
  const [deleting, setDeleting] = useState<VendorDocument | null>(null);
  const date = (d: string | null) =>
    d ? new Date(`${d}T00:00:00Z`).toLocaleDateString(formatLocale(language), { timeZone: 'UTC', dateStyle: 'medium' }) : '—';

  const open = async (d: VendorDocument) => {
    // Opened before the await so the browser treats it as the click's own window, not a pop-up.
    const win = window.open('', '_blank');
    try {
      const { url } = await documentUrl(vendor.id, d.id);
      if (win) {
        win.opener = null;
        win.location.href = url;
      } else window.location.assign(url);
    } catch (e) {
      win?.close();
      toast.error(t('vendors.docs.openFailed', { reason: errorMessage(t, e) }));
    }
  };
  const markValid = (d: VendorDocument) =>
    update.mutate(
      { docId: d.id, body: { status: 'valid', expectedUpdatedAt: d.updatedAt } },
      {
        onSuccess: () => toast.success(t('vendors.docs.markedValid', { name: d.fileName })),
        onError: (e) => toast.error(errorMessage(t, e)),
      },
    );

  return (
    <div className="flex flex-col gap-3">
      {vendor.documents.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('vendors.docs.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y rounded-md border">
          {vendor.documents.map((d) => (
            <li key={d.id} className="flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{t(`vendors.docType.${d.docType}`)}</span>
                  <DocumentStatusBadge status={d.status} />
                  {d.expiresSoon && (
                    <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-200">
                      <Clock className="size-3" aria-hidden />
                      {t('vendors.docs.expiresSoon')}
                    </span>
                  )}
                </div>
                <button
                  type="button"
                  className="mt-1 inline-flex max-w-full items-center gap-1 text-primary hover:underline"
                  onClick={() => void open(d)}
                >
                  <span className="truncate" dir="auto">
                    {d.fileName}
                  </span>
                  <ExternalLink className="size-3.5 shrink-0" aria-hidden />
                  <span className="sr-only">{t('vendors.docs.open')}</span>
                </button>
                <p className="text-xs text-muted-foreground">
                  {t('vendors.docs.dates', { issued: date(d.issuedOn), expires: date(d.expiresOn) })}
                  {d.status === 'expired' && d.reviewStatus === 'valid' && ` · ${t('vendors.docs.wasValid')}`}
                </p>
                {d.statusNote && <p className="mt-1 text-xs">{t('vendors.docs.note', { note: d.statusNote })}</p>}
              </div>
              <div className="flex shrink-0 flex-wrap gap-1">
                <DocumentReviewButtons
                  status={d.reviewStatus}
                  pending={update.isPending}
                  validLabel={t('vendors.docs.markValid')}
                  declineLabel={t('vendors.docs.decline')}
                  onValid={() => markValid(d)}
                  onDecline={() => {
                    update.reset();
                    setDeclining(d);
                  }}
                />
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={t('vendors.docs.delete', { name: d.fileName })}
                  onClick={() => {
                    remove.reset();
                    setDeleting(d);
                  }}
                >
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <VendorDocumentUpload vendor={vendor} />
      <DeclineDialog
        open={!!declining}
        onOpenChange={(o) => !o && setDeclining(null)}
        title={t('vendors.docs.declineTitle', { name: declining?.fileName ?? '' })}
        description={t('vendors.docs.declineHint')}
        noteLabel={t('vendors.docs.declineNote')}
        declineLabel={t('vendors.docs.decline')}
        pending={update.isPending}
        error={fieldError(update.error, 'statusNote') ?? (update.error ? errorMessage(t, update.error) : undefined)}
        onDecline={(note) =>
          declining &&
          update.mutate(
            { docId: declining.id, body: { status: 'declined', statusNote: note, expectedUpdatedAt: declining.updatedAt } },
            {
              onSuccess: () => {
                toast.success(t('vendors.docs.declined', { name: declining.fileName }));
                setDeclining(null);
              },
            },
          )
        }
      />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t('vendors.docs.deleteTitle')}
        message={deleting ? t('vendors.docs.deleteConfirm', { name: deleting.fileName }) : ''}
        confirmLabel={t('vendors.docs.deleteButton')}
        cancelLabel={t('common.cancel')}
        pending={remove.isPending}
        error={remove.error && errorMessage(t, remove.error)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(t('vendors.docs.deleted', { name: deleting.fileName }));
              setDeleting(null);
            },
          })
        }
      />
    </div>
  );
}

import { Check, CircleAlert, Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FormField, fieldClass } from '../../../components/ui/form-dialog';
import { errorMessage, fieldError, hasFieldErrors } from '../../../lib/api-errors';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { useReviewDocument, type ApplicationDetail, type ApplicationDocument, type DocumentReview } from '../applications-api';
import { DocumentStatusBadge } from './application-badges';
import { DocumentPreview } from './document-preview';
import { DeclineDialog, DocumentReviewButtons } from './document-review';
import { Section } from './section';
import { formatLocale } from '../../../app/i18n/locale-format';

/** The uploaded documents: preview, mark valid or declined (with a note), and the expiry date. */
export function ApplicationDocuments({ app }: { app: ApplicationDetail }) {
  const { t } = useI18n();
  const required = [...new Set(app.categories.flatMap((c) => c.requiredDocumentTypes))];
  return (
    <Section title={t('review.section.documents')} testId="application-documents">
      {required.length > 0 && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted-foreground">{t('review.docs.required')}</span>
          {required.map((type) => {
            const has = app.documents.some((d) => d.docType === type && d.status !== 'declined');
            return (
              <span key={type} className="inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs">
                {has ? (
                  <Check className="size-3 text-emerald-600" aria-hidden />
                ) : (
                  <CircleAlert className="size-3 text-amber-600" aria-hidden />
                )}
                {t(`review.docType.${type}`)}
                <span className="sr-only">{has ? t('review.docs.present') : t('review.docs.missing')}</span>
              </span>
            );
          })}
        </div>
      )}
      {app.documents.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('review.docs.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y rounded-md border">
          {app.documents.map((d) => (
            <DocumentRow key={d.id} appId={app.id} doc={d} />
          ))}
        </ul>
      )}
    </Section>
  );
}

function DocumentRow({ appId, doc }: { appId: string; doc: ApplicationDocument }) {
  const { t, language } = useI18n();
  const review = useReviewDocument(appId);
  const [previewing, setPreviewing] = useState(false);
  const [declining, setDeclining] = useState(false);
  const [expires, setExpires] = useState(doc.expiresOn ?? '');
  // Each decision names the version of the document this row shows.
  const save = (body: Omit<DocumentReview, 'expectedUpdatedAt'>, done: string, after?: () => void) =>
    review.mutate(
      { docId: doc.id, body: { ...body, expectedUpdatedAt: doc.updatedAt } },
      {
        onSuccess: () => {
          toast.success(done);
          after?.();
        },
        onError: (e) => !hasFieldErrors(e) && toast.error(errorMessage(t, e)),
      },
    );

  return (
    <li className="flex flex-col gap-2 p-3 text-sm" data-testid="application-document">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{t(`review.docType.${doc.docType}`)}</span>
            <DocumentStatusBadge status={doc.status} />
          </div>
          <p className="truncate">
            <bdi>{doc.fileName}</bdi>{' '}
            <span className="text-xs text-muted-foreground">
              {t('review.docs.size', { size: Math.max(1, Math.round(doc.sizeBytes / 1024)).toLocaleString(formatLocale(language)) })}
            </span>
          </p>
          {doc.statusNote && (
            <p className="mt-1 whitespace-pre-wrap text-xs" dir="auto">
              {t('review.docs.note', { note: doc.statusNote })}
            </p>
          )}
        </div>
        <div className="flex shrink-0 flex-wrap gap-1">
          <Button size="sm" variant="outline" onClick={() => setPreviewing((p) => !p)} aria-expanded={previewing}>
            {previewing ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
            {previewing ? t('review.docs.hide') : t('review.docs.preview')}
          </Button>
          <DocumentReviewButtons
            status={doc.status}
            pending={review.isPending}
            validLabel={t('review.docs.markValid')}
            declineLabel={t('review.docs.decline')}
            onValid={() => save({ status: 'valid', statusNote: null }, t('review.docs.markedValid', { name: doc.fileName }))}
            onDecline={() => {
              review.reset();
              setDeclining(true);
            }}
          />
        </div>
      </div>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          save({ expiresOn: expires || null }, t('review.docs.expirySaved'));
        }}
      >
        <FormField label={t('review.docs.expiresOn')} error={declining ? undefined : fieldError(review.error, 'expiresOn')}>
          {(p) => (
            <input {...p} type="date" className={`${fieldClass} w-44`} value={expires} onChange={(e) => setExpires(e.target.value)} />
          )}
        </FormField>
        <Button type="submit" size="sm" variant="outline" className="h-9" disabled={review.isPending || expires === (doc.expiresOn ?? '')}>
          {t('review.save')}
        </Button>
      </form>
      {previewing && <DocumentPreview appId={appId} doc={doc} />}
      <DeclineDialog
        open={declining}
        onOpenChange={setDeclining}
        title={t('review.docs.declineTitle', { name: doc.fileName })}
        description={t('review.docs.declineHint')}
        noteLabel={t('review.docs.declineNote')}
        declineLabel={t('review.docs.decline')}
        pending={review.isPending}
        error={fieldError(review.error, 'statusNote')}
        onDecline={(note) =>
          save({ status: 'declined', statusNote: note }, t('review.docs.declined', { name: doc.fileName }), () => setDeclining(false))
        }
      />
    </li>
  );
}

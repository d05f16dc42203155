import { VENDOR_DOCUMENT_TYPES } from '@market/contracts/plain';
import { FileUp, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FormField, fieldClass } from '../../../components/ui/form-dialog';
import { errorMessage, fieldError, hasFieldErrors } from '../../../lib/api-errors';
import { useMe } from '../../../app/session/use-me';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { useAddDocument, type DocumentType, type Vendor } from '../vendors-api';
import { DOCUMENT_ACCEPT, documentsBucketOf, MAX_DOCUMENT_BYTES, uploadVendorFile } from '../vendor-upload';

/**
 * Uploads a file to the organization's documents bucket (with progress) and registers it as a
 * document of the vendor. A file already uploaded is not sent again when only the registration failed.
 */
export function VendorDocumentUpload({ vendor }: { vendor: Vendor }) {
  const { t } = useI18n();
  const me = useMe();
  const add = useAddDocument(vendor.id);
  const input = useRef<HTMLInputElement>(null);
  const [docType, setDocType] = useState<DocumentType>('insurance');
  const [issuedOn, setIssuedOn] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [uploaded, setUploaded] = useState<{ file: File; path: string } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<{ field: 'file' | 'expiresOn' | 'general'; message: string } | null>(null);
  const slug = me.data?.organization?.slug;
  const busy = progress !== null || add.isPending;

  const reset = () => {
    setFile(null);
    setUploaded(null);
    setIssuedOn('');
    setExpiresOn('');
    if (input.current) input.current.value = '';
  };

  const submit = async () => {
    add.reset();
    setProblem(null);
    if (!file) return setProblem({ field: 'file', message: t('vendors.docs.chooseFile') });
    if (file.size > MAX_DOCUMENT_BYTES)
      return setProblem({ field: 'file', message: t('vendors.docs.tooLarge', { size: MAX_DOCUMENT_BYTES / 1024 / 1024 }) });
    if (issuedOn && expiresOn && expiresOn < issuedOn)
      return setProblem({ field: 'expiresOn', message: t('vendors.docs.expiryBeforeIssue') });
    if (!slug) return setProblem({ field: 'general', message: t('vendors.docs.noOrganization') });
    const bucketId = documentsBucketOf(slug);
    let path = uploaded?.file === file ? uploaded.path : null;
    if (!path) {
      setProgress(0);
      try {
        path = await uploadVendorFile({ bucketId, vendorId: vendor.id, file, onProgress: setProgress });
        setUploaded({ file, path });
      } catch (e) {
        setProblem({ field: 'file', message: t('vendors.docs.uploadFailed', { reason: e instanceof Error ? e.message : String(e) }) });
        return;
      } finally {
        setProgress(null);
      }
    }
    add.mutate(
      { docType, bucketId, objectPath: path, fileName: file.name.slice(0, 255), issuedOn: issuedOn || null, expiresOn: expiresOn || null },
      {
        onSuccess: () => {
          toast.success(t('vendors.docs.added', { name: file.name }));
          reset();
        },
      },
    );
  };

  const errorOf = (f: string) => (problem?.field === f ? problem.message : fieldError(add.error, f));
  const general =
    problem?.field === 'general'
      ? problem.message
      : add.error && !hasFieldErrors(add.error, ['issuedOn', 'expiresOn', 'docType'])
        ? errorMessage(t, add.error)
        : null;
  return (
    <form
      noValidate
      className="flex flex-col gap-3 rounded-md border border-dashed p-3"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h4 className="text-sm font-semibold">{t('vendors.docs.addTitle')}</h4>
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField label={t('vendors.docs.type')} error={fieldError(add.error, 'docType')}>
          {(p) => (
            <select {...p} className={fieldClass} value={docType} onChange={(e) => setDocType(e.target.value as DocumentType)}>
              {VENDOR_DOCUMENT_TYPES.map((d) => (
                <option key={d} value={d}>
                  {t(`vendors.docType.${d}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={t('vendors.docs.issuedOn')} error={errorOf('issuedOn')}>
          {(p) => (
            <input {...p} type="date" dir="ltr" className={fieldClass} value={issuedOn} onChange={(e) => setIssuedOn(e.target.value)} />
          )}
        </FormField>
        <FormField label={t('vendors.docs.expiresOn')} error={errorOf('expiresOn')}>
          {(p) => (
            <input {...p} type="date" dir="ltr" className={fieldClass} value={expiresOn} onChange={(e) => setExpiresOn(e.target.value)} />
          )}
        </FormField>
      </div>
      <FormField
        label={t('vendors.docs.file')}
        error={errorOf('file')}
        hint={t('vendors.docs.fileHint', { size: MAX_DOCUMENT_BYTES / 1024 / 1024 })}
      >
        {(p) => (
          // The native picker's own words follow the browser's language, not the app's: it stays hidden behind our button.
          <span className="flex min-w-0 items-center gap-3">
            <input
              {...p}
              ref={input}
              type="file"
              accept={DOCUMENT_ACCEPT}
              className="sr-only"
              tabIndex={-1}
              onChange={(e) => {
                setProblem(null);
                setFile(e.target.files?.[0] ?? null);
              }}
            />
            <Button variant="outline" size="sm" onClick={() => input.current?.click()}>
              <FileUp className="size-4" aria-hidden />
              {t('vendors.docs.chooseButton')}
            </Button>
            <span className="min-w-0 truncate text-sm text-muted-foreground" dir="auto">
              {file ? file.name : t('vendors.docs.noFile')}
            </span>
          </span>
        )}
      </FormField>
      {progress !== null && (
        <div className="flex items-center gap-2 text-xs" role="status">
          <progress className="h-2 flex-1 accent-primary" max={1} value={progress} aria-label={t('vendors.docs.uploading')} />
          <span className="tabular-nums">{Math.round(progress * 100)}%</span>
        </div>
      )}
      {general && (
        <p role="alert" className="text-sm text-destructive">
          {general}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={busy}>
          <Upload className="size-4" aria-hidden />
          {progress !== null ? t('vendors.docs.uploading') : add.isPending ? t('vendors.saving') : t('vendors.docs.upload')}
        </Button>
      </div>
    </form>
  );
}

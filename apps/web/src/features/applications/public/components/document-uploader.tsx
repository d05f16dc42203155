import { APPLICATION_DOCUMENT_TYPES, type ApplicationDocumentType } from '@market/contracts/plain';
import { Upload, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { fieldClass } from '../../../../components/ui/form-dialog';
import { ApiError } from '../../../../lib/api';
import { useI18n } from '../../../../app/i18n/i18n-provider';
import { uploadApplicationFile, type ApplicationUpload } from '../applications-public-api';
import { formatBytes } from '../apply-format';
import { Field } from './apply-fields';

/** What the upload endpoint takes (it checks the content again). */
export const UPLOAD_ACCEPT = 'application/pdf,image/png,image/jpeg,image/webp,image/gif,.pdf,.png,.jpg,.jpeg,.webp,.gif';
const ACCEPTED = /\.(pdf|png|jpe?g|webp|gif)$/i;
const ACCEPTED_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/gif']);

/**
 * Picks one file and sends it straight away, with a progress bar and a cancel button; the answer's
 * upload id is what the application later claims.
 */
export function DocumentUploader({
  label,
  org,
  maxBytes,
  onUploaded,
  disabled,
  problem,
}: {
  label: string;
  org: string | null;
  maxBytes: number;
  onUploaded: (u: ApplicationUpload) => void;
  disabled?: boolean;
  problem?: string;
}) {
  const { t, language } = useI18n();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');

  useEffect(() => () => abort.current?.abort(), []);
  // The form's own check (a required document missing) shows here unless the upload has a problem of its own.
  const shown = error ?? problem ?? null;

  const send = async (file: File) => {
    setError(null);
    setFileName(file.name);
    if (!ACCEPTED_TYPES.has(file.type) && !ACCEPTED.test(file.name)) return setError(t('apply.upload.wrongType'));
    if (file.size > maxBytes) return setError(t('apply.upload.tooLarge', { size: formatBytes(maxBytes, language) }));
    if (file.size === 0) return setError(t('apply.upload.empty'));
    const ctrl = new AbortController();
    abort.current = ctrl;
    setProgress(0);
    try {
      const u = await uploadApplicationFile({ file, org, onProgress: setProgress, signal: ctrl.signal });
      onUploaded(u);
    } catch (e) {
      if (e instanceof ApiError && e.code === 'aborted') return;
      setError(uploadError(e, t, formatBytes(maxBytes, language)));
    } finally {
      if (abort.current === ctrl) abort.current = null;
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="flex flex-col gap-2 text-sm">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={input}
          id={id}
          type="file"
          accept={UPLOAD_ACCEPT}
          disabled={disabled || progress !== null}
          aria-invalid={!!shown}
          aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}
          className="max-w-full text-sm file:me-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void send(file);
          }}
        />
      </div>
      <span id={`${id}-hint`} className="flex items-center gap-1 text-xs text-muted-foreground">
        <Upload className="size-3.5 shrink-0" aria-hidden />
        {t('apply.upload.hint', { size: formatBytes(maxBytes, language) })}
      </span>
      {progress !== null && (
        <div className="flex items-center gap-2">
          <div
            role="progressbar"
            aria-label={t('apply.upload.progress', { name: fileName })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress * 100)}
            className="h-2 flex-1 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full bg-primary transition-[width]" style={{ width: `${Math.round(progress * 100)}%` }} />
          </div>
          <span className="w-10 text-xs tabular-nums">{Math.round(progress * 100)}%</span>
          <Button variant="ghost" size="icon" aria-label={t('apply.upload.cancel')} onClick={() => abort.current?.abort()}>
            <X className="size-4" aria-hidden />
          </Button>
        </div>
      )}
      {shown && (
        <span id={`${id}-error`} role={error ? 'alert' : undefined} className="text-xs font-medium text-destructive">
          {shown}
        </span>
      )}
    </div>
  );
}

/** A document of a type the applicant chooses first (from every type), then uploads. */
export function TypedDocumentUploader({
  name,
  optional,
  label,
  org,
  maxBytes,
  onUploaded,
}: {
  /** Names the type's select. */
  name: string;
  optional?: boolean;
  label: string;
  org: string | null;
  maxBytes: number;
  onUploaded: (u: ApplicationUpload, docType: ApplicationDocumentType) => void;
}) {
  const { t } = useI18n();
  const [docType, setDocType] = useState<ApplicationDocumentType>('other');
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-[12rem_1fr]">
      <Field name={name} label={t('apply.docs.type')} optional={optional}>
        {(p) => (
          <select
            {...p}
            aria-required={undefined}
            className={fieldClass}
            value={docType}
            onChange={(e) => setDocType(e.target.value as ApplicationDocumentType)}
          >
            {APPLICATION_DOCUMENT_TYPES.map((d) => (
              <option key={d} value={d}>
                {t(`apply.docType.${d}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <DocumentUploader label={label} org={org} maxBytes={maxBytes} onUploaded={(u) => onUploaded(u, docType)} />
    </div>
  );
}

function uploadError(e: unknown, t: (k: string, v?: Record<string, string | number>) => string, size: string): string {
  if (!(e instanceof ApiError) || e.status === 0) return t('apply.upload.network');
  if (e.status === 413) return t('apply.upload.tooLarge', { size });
  if (e.status === 415) return t('apply.upload.wrongType');
  if (e.status === 429) return t('apply.upload.tooMany');
  return t('apply.upload.refused', { reason: e.message });
}

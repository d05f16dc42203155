import type { ApplicationDocumentType } from '@market/contracts';
import { FileText, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { fieldClass } from '../../../../components/ui/form-dialog';
import { ApiError } from '../../../../lib/api';
import { cn } from '../../../../lib/cn';
import { useI18n } from '../../../../app/i18n/i18n-provider';
import { useRespondToApplication, type ApplicationUpload } from '../applications-public-api';
import { formatBytes } from '../apply-format';
import { DOCUMENT_TYPES, MAX_DOCUMENTS } from '../apply-model';
import { Field } from './apply-fields';
import { DocumentUploader } from './document-uploader';

const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;

/** The applicant's answer to a request for information: text and, if asked for, files. */
export function StatusRespondForm({
  token,
  org,
  request,
  onSent,
}: {
  token: string;
  org: string | null;
  request: string | null;
  onSent: () => void;
}) {
  const { t, language } = useI18n();
  const respond = useRespondToApplication(token);
  const [message, setMessage] = useState('');
  const [docType, setDocType] = useState<ApplicationDocumentType>('other');
  const [files, setFiles] = useState<(ApplicationUpload & { docType: ApplicationDocumentType })[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  const serverField = (name: string) =>
    respond.error instanceof ApiError
      ? respond.error.fields.find((f) => f.field === name || f.field.startsWith(`${name}.`))?.message
      : undefined;
  const messageError = problem ?? (serverField('message') ? t('apply.error.serverPart', { message: serverField('message')! }) : undefined);
  const general =
    respond.error && !serverField('message')
      ? respond.error instanceof ApiError
        ? respond.error.message
        : t('apply.error.network')
      : null;

  const send = () => {
    if (!message.trim()) {
      setProblem(t('apply.error.required'));
      return document.querySelector<HTMLElement>('[data-testid="status-respond"] textarea')?.focus();
    }
    setProblem(null);
    respond.mutate(
      { message: message.trim(), documents: files.map((f) => ({ uploadId: f.uploadId, docType: f.docType, expiresOn: null })) },
      { onSuccess: onSent },
    );
  };

  return (
    <section
      data-testid="status-respond"
      aria-labelledby="status-respond-title"
      className="flex flex-col gap-3 rounded-lg border-2 border-amber-400 bg-amber-50/60 p-4 dark:bg-amber-950/20"
    >
      <h2 id="status-respond-title" className="text-lg font-semibold">
        {t('apply.respond.title')}
      </h2>
      {request && (
        <blockquote dir="auto" className="whitespace-pre-wrap break-words border-s-4 border-amber-400 bg-background p-3 text-sm">
          {request}
        </blockquote>
      )}
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <Field name="message" label={t('apply.respond.message')} error={messageError}>
          {(p) => (
            <textarea
              {...p}
              dir="auto"
              rows={5}
              maxLength={4000}
              className={cn(fieldClass, 'h-auto py-2')}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
          )}
        </Field>
        {files.length > 0 && (
          <ul className="flex flex-col gap-2">
            {files.map((f) => (
              <li key={f.uploadId} className="flex items-center gap-2 rounded-md bg-background p-2 text-sm">
                <FileText className="size-4 shrink-0" aria-hidden />
                <bdi className="min-w-0 flex-1 truncate">{f.fileName}</bdi>
                <span className="text-xs text-muted-foreground">
                  {t(`apply.docType.${f.docType}`)} · {formatBytes(f.sizeBytes, language)}
                </span>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('apply.docs.removeFile', { name: f.fileName })}
                  onClick={() => setFiles((fs) => fs.filter((x) => x.uploadId !== f.uploadId))}
                >
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
        {serverField('documents') && <p className="text-xs font-medium text-destructive">{serverField('documents')}</p>}
        {files.length < MAX_DOCUMENTS && (
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-[12rem_1fr]">
            <Field name="respondDocType" label={t('apply.docs.type')} optional>
              {(p) => (
                <select
                  {...p}
                  className={fieldClass}
                  value={docType}
                  onChange={(e) => setDocType(e.target.value as ApplicationDocumentType)}
                >
                  {DOCUMENT_TYPES.map((d) => (
                    <option key={d} value={d}>
                      {t(`apply.docType.${d}`)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <DocumentUploader
              label={t('apply.respond.attach')}
              org={org}
              maxBytes={DEFAULT_MAX_BYTES}
              onUploaded={(u) => setFiles((fs) => [...fs, { ...u, docType }])}
            />
          </div>
        )}
        {general && (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm text-destructive">
            {general}
          </p>
        )}
        <div>
          <Button type="submit" disabled={respond.isPending}>
            <Send className="size-4" aria-hidden />
            {respond.isPending ? t('apply.submitting') : t('apply.respond.send')}
          </Button>
        </div>
      </form>
    </section>
  );
}

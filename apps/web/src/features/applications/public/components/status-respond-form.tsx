import { APPLICATION_UPLOAD_MAX_BYTES, MAX_APPLICATION_DOCUMENTS, type ApplicationDocumentType } from '@market/contracts/plain';
import { FileText, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { fieldClass } from '../../../../components/ui/form-dialog';
import { errorMessage, fieldError } from '../../../../lib/api-errors';
import { cn } from '../../../../lib/cn';
import { useI18n } from '../../../../app/i18n/i18n-provider';
import { useRespondToApplication, type ApplicationUpload } from '../applications-public-api';
import { formatBytes } from '../apply-format';
import { Field } from './apply-fields';
import { TypedDocumentUploader } from './document-uploader';

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
  const [files, setFiles] = useState<(ApplicationUpload & { docType: ApplicationDocumentType })[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  const serverMessage = fieldError(respond.error, 'message');
  const documentsError = fieldError(respond.error, 'documents');
  const messageError = problem ?? (serverMessage ? t('apply.error.serverPart', { message: serverMessage }) : undefined);
  // Anything but the message's own problem, in the server's words (a form with no answer: the network).
  const general = respond.error && !serverMessage ? errorMessage(t, respond.error, { network: t('apply.error.network') }) : null;

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
        {documentsError && <p className="text-xs font-medium text-destructive">{documentsError}</p>}
        {files.length < MAX_APPLICATION_DOCUMENTS && (
          <TypedDocumentUploader
            name="respondDocType"
            optional
            label={t('apply.respond.attach')}
            org={org}
            maxBytes={APPLICATION_UPLOAD_MAX_BYTES}
            onUploaded={(u, docType) => setFiles((fs) => [...fs, { ...u, docType }])}
          />
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

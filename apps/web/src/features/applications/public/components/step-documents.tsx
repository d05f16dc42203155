import { MAX_APPLICATION_DOCUMENTS, type ApplicationDocumentType } from '@market/contracts/plain';
import { FileText, Trash2 } from 'lucide-react';
import { Button } from '../../../../components/ui/button';
import { fieldClass } from '../../../../components/ui/form-dialog';
import { useI18n } from '../../../../app/i18n/i18n-provider';
import type { ApplicationUpload } from '../applications-public-api';
import { formatBytes, localName } from '../apply-format';
import type { DraftDocument } from '../apply-model';
import { DocumentUploader, TypedDocumentUploader } from './document-uploader';
import { Field, useProblemText, type StepProps } from './apply-fields';

export interface DocumentsProps {
  documents: DraftDocument[];
  setDocuments: (change: (docs: DraftDocument[]) => DraftDocument[]) => void;
  requiredTypes: ApplicationDocumentType[];
  org: string | null;
}

const newKey = () => Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, '0')).join('');

/** One upload per document type the chosen categories require, then any other documents. */
export function DocumentsStep({ s, documents, setDocuments, requiredTypes, org }: DocumentsProps & { s: StepProps }) {
  const { t, language } = useI18n();
  const problemText = useProblemText();
  const full = documents.length >= MAX_APPLICATION_DOCUMENTS;
  const add = (docType: ApplicationDocumentType) => (u: ApplicationUpload) =>
    setDocuments((docs) => [
      ...docs,
      { key: newKey(), docType, uploadId: u.uploadId, fileName: u.fileName, sizeBytes: u.sizeBytes, expiresOn: '' },
    ]);
  const others = documents.filter((d) => !requiredTypes.includes(d.docType));
  const whoNeeds = (type: string) =>
    s.form.categories
      .filter((c) => s.values.categoryIds.includes(c.id) && c.requiredDocumentTypes.includes(type))
      .map((c) => localName(c, language))
      .join(t('apply.listSeparator'));
  const general = problemText(s.problems.documents);

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h2 className="text-lg font-semibold">{t('apply.step.documents')}</h2>
        <p className="text-sm text-muted-foreground">{requiredTypes.length ? t('apply.docs.intro') : t('apply.docs.introNone')}</p>
        {general && (
          <p role="alert" className="mt-2 text-sm font-medium text-destructive">
            {general}
          </p>
        )}
      </div>
      {requiredTypes.map((type) => {
        const mine = documents.filter((d) => d.docType === type);
        const missing = problemText(s.problems[`documents.${type}`]);
        return (
          <section key={type} className="flex flex-col gap-3 rounded-lg border p-3" aria-label={t(`apply.docType.${type}`)}>
            <div>
              <h3 className="font-medium">{t(`apply.docType.${type}`)}</h3>
              <p className="text-xs text-muted-foreground">{t('apply.docs.requiredBy', { categories: whoNeeds(type) })}</p>
            </div>
            {mine.map((d) => (
              <DocumentRow key={d.key} doc={d} s={s} setDocuments={setDocuments} />
            ))}
            {mine.length === 0 && (
              <DocumentUploader
                label={t('apply.docs.uploadFor', { type: t(`apply.docType.${type}`) })}
                org={org}
                maxBytes={s.form.maxUploadBytes}
                onUploaded={add(type)}
                disabled={full}
                problem={missing}
              />
            )}
          </section>
        );
      })}
      <section className="flex flex-col gap-3 rounded-lg border border-dashed p-3">
        <div>
          <h3 className="font-medium">{t('apply.docs.others')}</h3>
          <p className="text-xs text-muted-foreground">{t('apply.docs.othersHint', { max: MAX_APPLICATION_DOCUMENTS })}</p>
        </div>
        {others.map((d) => (
          <DocumentRow key={d.key} doc={d} s={s} setDocuments={setDocuments} />
        ))}
        {full ? (
          <p className="text-sm text-muted-foreground">{t('apply.docs.full', { max: MAX_APPLICATION_DOCUMENTS })}</p>
        ) : (
          <TypedDocumentUploader
            name="otherDocType"
            label={t('apply.docs.uploadOther')}
            org={org}
            maxBytes={s.form.maxUploadBytes}
            onUploaded={(u, docType) => add(docType)(u)}
          />
        )}
      </section>
    </div>
  );
}

/** An uploaded document: its name and size, an optional expiry date, and a remove button. */
function DocumentRow({ doc, s, setDocuments }: { doc: DraftDocument; s: StepProps; setDocuments: DocumentsProps['setDocuments'] }) {
  const { t, language } = useI18n();
  const problemText = useProblemText();
  const change = (expiresOn: string) => setDocuments((docs) => docs.map((d) => (d.key === doc.key ? { ...d, expiresOn } : d)));
  return (
    <div className="flex flex-col gap-2 rounded-md bg-muted/50 p-2 sm:flex-row sm:items-end">
      <div className="flex min-w-0 flex-1 items-center gap-2 text-sm">
        <FileText className="size-4 shrink-0" aria-hidden />
        <span className="min-w-0 flex-1">
          <bdi className="block truncate font-medium">{doc.fileName}</bdi>
          <span className="text-xs text-muted-foreground">
            {t(`apply.docType.${doc.docType}`)} · {formatBytes(doc.sizeBytes, language)}
          </span>
        </span>
      </div>
      <Field
        name={`expiresOn-${doc.key}`}
        label={t('apply.docs.expiresOn')}
        optional
        error={problemText(s.problems[`documents.${doc.key}`])}
        className="sm:w-44"
      >
        {(p) => (
          <input {...p} type="date" dir="ltr" className={fieldClass} value={doc.expiresOn} onChange={(e) => change(e.target.value)} />
        )}
      </Field>
      <Button
        variant="ghost"
        size="sm"
        className="self-start sm:self-end"
        aria-label={t('apply.docs.removeFile', { name: doc.fileName })}
        onClick={() => setDocuments((docs) => docs.filter((d) => d.key !== doc.key))}
      >
        <Trash2 className="size-4" aria-hidden />
        {t('apply.docs.remove')}
      </Button>
    </div>
  );
}

import { PencilLine } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { useI18n } from '../../../../app/i18n/i18n-provider';
import type { ApplicantView } from '../applications-public-api';
import { useApplicationWizard, type WizardEdit } from '../use-application-wizard';
import { ApplyForm } from './apply-form';

/** The form of the application's stream, filled with its answers, saving through the status link. */
function StatusEditForm({ edit, stream }: { edit: WizardEdit; stream: ApplicantView['stream'] }) {
  const { t } = useI18n();
  const w = useApplicationWizard(stream, edit);
  if (w.formQ.isPending)
    return (
      <span role="status" className="text-sm text-muted-foreground">
        {t('apply.loading')}
      </span>
    );
  if (!w.form)
    return (
      <p role="alert" className="text-sm text-destructive">
        {t('apply.loadFailed')}
      </p>
    );
  return <ApplyForm w={w} form={w.form} />;
}

/**
 * While nobody reviews the application, its owner (who holds the status link) may change the answers;
 * this is the only way they change: a second submission of the public form never does.
 */
export function StatusEdit({ token, view, onSaved }: { token: string; view: ApplicantView; onSaved: (view: ApplicantView) => void }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const edit = useMemo<WizardEdit>(
    () => ({
      token,
      org: view.organizationSlug ?? null,
      answers: view.answers,
      heldTypes: view.documents.filter((d) => d.status !== 'declined').map((d) => d.docType),
      onSaved: (v) => {
        setOpen(false);
        onSaved(v);
      },
    }),
    [token, view.organizationSlug, view.answers, view.documents, onSaved],
  );
  return (
    <section aria-labelledby="status-edit-title" className="flex flex-col items-start gap-2 rounded-lg border p-4">
      <h2 id="status-edit-title" className="text-lg font-semibold">
        {t('apply.edit.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('apply.edit.hint')}</p>
      {open ? (
        <div className="flex w-full flex-col gap-3">
          <StatusEditForm edit={edit} stream={view.stream} />
          <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>
            {t('apply.edit.cancel')}
          </Button>
        </div>
      ) : (
        <Button variant="outline" size="sm" data-testid="status-edit-open" onClick={() => setOpen(true)}>
          <PencilLine className="size-4" aria-hidden />
          {t('apply.edit.open')}
        </Button>
      )}
    </section>
  );
}

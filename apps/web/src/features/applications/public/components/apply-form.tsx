import { ArrowLeft, ArrowRight, RotateCcw, Send } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/form-dialog';
import { useI18n } from '../../../../app/i18n/i18n-provider';
import type { ApplicationForm } from '../applications-public-api';
import type { Wizard } from '../use-application-wizard';
import type { StepProps } from './apply-fields';
import { ApplyProgress } from './apply-progress';
import { DaysStep } from './step-days';
import { DocumentsStep } from './step-documents';
import { ProductsStep } from './step-products';
import { ReviewStep } from './step-review';
import { WorkshopStep } from './step-workshop';
import { BusinessStep, HostStep, JuniorStep } from './steps-contact';

/** The steps themselves with Back / Next / Submit, the honeypot, and the alert for refusals. */
export function ApplyForm({ w, form }: { w: Wizard; form: ApplicationForm }) {
  const { t, direction } = useI18n();
  const stepBox = useRef<HTMLDivElement>(null);
  const alertBox = useRef<HTMLDivElement>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const id = w.steps[w.step]!;
  const last = w.step === w.steps.length - 1;
  const s: StepProps = { stream: w.stream, form, values: w.draft.values, set: w.set, problems: w.problems };
  const Back = direction === 'rtl' ? ArrowRight : ArrowLeft;
  const Next = direction === 'rtl' ? ArrowLeft : ArrowRight;

  useEffect(() => {
    if (w.focus.n === 0) return;
    if (w.focus.to === 'invalid') document.querySelector<HTMLElement>('#apply-form [aria-invalid="true"]')?.focus();
    else if (w.focus.to === 'alert') alertBox.current?.focus();
    else {
      window.scrollTo({ top: 0 });
      stepBox.current?.focus({ preventScroll: true });
    }
  }, [w.focus]);

  const step = (() => {
    switch (id) {
      case 'business':
        return <BusinessStep {...s} />;
      case 'junior':
        return <JuniorStep {...s} />;
      case 'products':
        return <ProductsStep {...s} />;
      case 'days':
      case 'workshopDays':
        return <DaysStep {...s} />;
      case 'host':
        return <HostStep {...s} />;
      case 'workshop':
        return <WorkshopStep {...s} />;
      case 'documents':
        return (
          <DocumentsStep s={s} documents={w.draft.documents} setDocuments={w.setDocuments} requiredTypes={w.requiredTypes} org={w.org} />
        );
      case 'review':
        return <ReviewStep s={s} steps={w.steps} documents={w.draft.documents} currencyDigits={w.currencyDigits} goTo={w.goTo} />;
    }
  })();

  return (
    <div className="flex flex-col gap-5">
      {w.restored && (
        <div role="status" className="flex flex-wrap items-center justify-between gap-2 rounded-lg border bg-accent/50 p-3 text-sm">
          <span>{t('apply.restored')}</span>
          <Button variant="outline" size="sm" onClick={() => setConfirmReset(true)}>
            <RotateCcw className="size-4" aria-hidden />
            {t('apply.startOver')}
          </Button>
        </div>
      )}
      {w.alert && (
        <div
          ref={alertBox}
          tabIndex={-1}
          role="alert"
          className="flex flex-col gap-1 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm outline-none"
        >
          <span className="font-medium text-destructive">{w.alert.title}</span>
          {w.alert.detail && <span dir="auto">{w.alert.detail}</span>}
          <span className="text-xs text-muted-foreground">{t('apply.error.kept')}</span>
        </div>
      )}
      <ApplyProgress steps={w.steps} current={w.step} onGo={w.goTo} />
      <form
        id="apply-form"
        noValidate
        className="relative flex flex-col gap-6"
        onSubmit={(e) => {
          e.preventDefault();
          if (last) void w.submit();
          else w.next();
        }}
      >
        <div ref={stepBox} tabIndex={-1} role="group" aria-label={t(`apply.step.${id}`)} className="outline-none">
          {step}
        </div>
        {/* Hidden from people (and screen readers); a bot that fills every field fills this one too. */}
        <div aria-hidden="true" className="absolute -start-[9999px] top-0 h-px w-px overflow-hidden">
          <label htmlFor="apply-fax">{t('apply.fax')}</label>
          <input
            id="apply-fax"
            name="fax"
            type="text"
            aria-hidden="true"
            tabIndex={-1}
            autoComplete="off"
            value={w.fax}
            onChange={(e) => w.setFax(e.target.value)}
          />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-4">
          <div className="flex gap-2">
            {w.step > 0 && (
              <Button variant="outline" data-testid="apply-back" onClick={w.back} disabled={w.submitting}>
                <Back className="size-4" aria-hidden />
                {t('apply.back')}
              </Button>
            )}
            {!w.restored && (
              <Button variant="ghost" onClick={() => setConfirmReset(true)} disabled={w.submitting}>
                {t('apply.startOver')}
              </Button>
            )}
          </div>
          {last ? (
            <Button type="submit" data-testid="apply-submit" disabled={w.submitting}>
              <Send className="size-4" aria-hidden />
              {w.submitting ? t('apply.submitting') : t(w.editing ? 'apply.edit.save' : 'apply.submit')}
            </Button>
          ) : (
            <Button type="submit" data-testid="apply-next">
              {t('apply.next')}
              <Next className="size-4" aria-hidden />
            </Button>
          )}
        </div>
      </form>
      <ConfirmDialog
        open={confirmReset}
        onOpenChange={setConfirmReset}
        title={t('apply.startOver')}
        message={t('apply.startOverConfirm')}
        confirmLabel={t('apply.startOver')}
        cancelLabel={t('apply.cancel')}
        onConfirm={() => {
          setConfirmReset(false);
          w.startOver();
        }}
      />
    </div>
  );
}

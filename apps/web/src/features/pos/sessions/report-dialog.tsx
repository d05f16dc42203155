import { Printer } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '../../../components/ui/button';
import { FormDialog, fieldClass } from '../../../components/ui/form-dialog';
import { ListState } from '../../../components/ui/list-state';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { useMoney } from './pos-format';
import { SessionReportDocument } from './session-report';
import { useSessionReport } from './sessions-api';
import { usePrintTexts } from './use-print-texts';

/**
 * While mounted, printing shows only this copy of the report on A4: every other child of <body> (the app, the
 * dialog) is hidden by print CSS. Browsers offer "Save as PDF" in the same print dialog.
 */
function PrintCopy({ children }: { children: ReactNode }) {
  return createPortal(
    <div className="pos-print-root" data-testid="report-print-root">
      <style>{`.pos-print-root{display:none}@media print{@page{size:A4;margin:10mm}body>*:not(.pos-print-root){display:none!important}.pos-print-root{display:block!important}}`}</style>
      {children}
    </div>,
    document.body,
  );
}

/** A session's X report (open) or Z report (closed), in a language chosen for the print, with the Print button. */
export function ReportDialog({ sessionId, onClose }: { sessionId: string; onClose: () => void }) {
  const { t, language: screen, languages } = useI18n();
  const [language, setLanguage] = useState(screen || 'en');
  const report = useSessionReport(sessionId);
  const { code } = useMoney(language);
  const p = usePrintTexts(language);
  const doc = report.data && p.ready ? <SessionReportDocument report={report.data} p={p} currency={code} /> : null;
  const title = report.data
    ? t(report.data.kind === 'z' ? 'posSessions.report.zTitle' : 'posSessions.report.xTitle')
    : t('posSessions.report.title');

  return (
    <FormDialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={title}
      description={report.data ? report.data.session.registerName : undefined}
      wide
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('common.close')}
          </Button>
          <Button onClick={() => window.print()} disabled={!doc}>
            <Printer className="size-4" aria-hidden />
            {t('posSessions.report.print')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <label className="flex w-48 flex-col gap-1 text-sm font-medium">
          {t('posSessions.report.language')}
          <select className={fieldClass} value={language} onChange={(e) => setLanguage(e.target.value)}>
            {(languages.length ? languages : [{ code: 'en', nativeName: 'English' }]).map((l) => (
              <option key={l.code} value={l.code}>
                {l.nativeName}
              </option>
            ))}
          </select>
        </label>
        {!report.data && (
          <ListState
            loading={report.isPending}
            error={report.error}
            empty={false}
            loadingLabel={t('common.loading')}
            errorLabel={t('posSessions.report.loadFailed')}
            retryLabel={t('common.tryAgain')}
            onRetry={() => void report.refetch()}
            emptyContent={null}
          />
        )}
        {report.data && (
          <div className="overflow-auto rounded-md border bg-white p-2">{doc ?? <p className="text-sm">{t('common.loading')}</p>}</div>
        )}
      </div>
      {doc && <PrintCopy>{doc}</PrintCopy>}
    </FormDialog>
  );
}

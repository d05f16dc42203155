import { Printer } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '../../../components/ui/button';
import { FormDialog, fieldClass } from '../../../components/ui/form-dialog';
import { ListState } from '../../../components/ui/list-state';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { useMe } from '../../../app/session/use-me';
import { useInvoice, usePayment, type VendorStatement } from '../payment-management-api';
import {
  InvoiceDocument,
  ReceiptDocument,
  StatementDocument,
  type Paper,
  type PrintableInvoice,
  type PrintContext,
} from './print-documents';
import { usePrintTexts, type PrintTexts } from './use-print-texts';

export type PrintTarget =
  | { kind: 'invoice'; invoiceId: string; context?: PrintContext }
  /** An invoice the caller has already loaded (the vendor portal's own invoice): printed as is. */
  | { kind: 'invoice-copy'; invoice: PrintableInvoice; context?: PrintContext }
  | { kind: 'receipt'; paymentId: string }
  | { kind: 'statement'; statement: VendorStatement };

/**
 * While mounted, printing shows only this copy of the document: every other child of <body> (the app, the
 * dialog) is hidden by print CSS, and the page size follows the paper chosen. Browsers offer "Save as PDF"
 * in the same print dialog.
 */
function PrintCopy({ paper, children }: { paper: Paper; children: ReactNode }) {
  const page = paper === 'a4' ? 'size: A4; margin: 10mm;' : 'size: 80mm auto; margin: 4mm;';
  return createPortal(
    <div className="pm-print-root" data-testid="print-root">
      <style>{`.pm-print-root{display:none}@media print{@page{${page}}body>*:not(.pm-print-root){display:none!important}.pm-print-root{display:block!important}}`}</style>
      {children}
    </div>,
    document.body,
  );
}

function Document({ target, p, paper, organization }: { target: PrintTarget; p: PrintTexts; paper: Paper; organization: string }) {
  const { t } = useI18n();
  const invoice = useInvoice(target.kind === 'invoice' ? target.invoiceId : null);
  const payment = usePayment(target.kind === 'receipt' ? target.paymentId : null);
  const query = target.kind === 'invoice' ? invoice : target.kind === 'receipt' ? payment : null;
  if (query && !query.data) {
    return (
      <ListState
        loading={query.isPending}
        error={query.error}
        empty={false}
        loadingLabel={t('common.loading')}
        errorLabel={t('pay.print.failed')}
        retryLabel={t('common.tryAgain')}
        onRetry={() => void query.refetch()}
        emptyContent={null}
      />
    );
  }
  const common = { p, paper, organization };
  if (target.kind === 'invoice-copy') return <InvoiceDocument {...common} invoice={target.invoice} context={target.context} />;
  if (target.kind === 'invoice') return <InvoiceDocument {...common} invoice={invoice.data!} context={target.context} />;
  if (target.kind === 'receipt') return <ReceiptDocument {...common} payment={payment.data!} />;
  return <StatementDocument {...common} statement={target.statement} />;
}

/** Preview of an invoice, receipt or statement, with the language and paper of the print, and the Print button. */
export function PrintDialog({ target, onClose }: { target: PrintTarget; onClose: () => void }) {
  const { t, language: screen, languages } = useI18n();
  const me = useMe();
  const [language, setLanguage] = useState(screen || 'en');
  const [paper, setPaper] = useState<Paper>(target.kind === 'receipt' ? 'thermal' : 'a4');
  const p = usePrintTexts(language);
  const organization = me.data?.organization?.name ?? '';
  const title = t(
    target.kind === 'invoice' || target.kind === 'invoice-copy'
      ? 'pay.print.invoice'
      : target.kind === 'receipt'
        ? 'pay.print.receipt'
        : 'pay.print.statement',
  );
  const doc = p.ready ? <Document target={target} p={p} paper={paper} organization={organization} /> : null;

  return (
    <FormDialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={title}
      wide
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('common.close')}
          </Button>
          <Button onClick={() => window.print()} disabled={!p.ready}>
            <Printer className="size-4" aria-hidden />
            {t('pay.print.print')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap gap-3">
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('pay.print.language')}
            <select className={fieldClass} value={language} onChange={(e) => setLanguage(e.target.value)}>
              {(languages.length ? languages : [{ code: 'en', nativeName: 'English' }]).map((l) => (
                <option key={l.code} value={l.code}>
                  {l.nativeName}
                </option>
              ))}
            </select>
          </label>
          <fieldset className="flex flex-col gap-1 text-sm">
            <legend className="font-medium">{t('pay.print.paper')}</legend>
            <div className="flex gap-3 pt-1">
              {(['a4', 'thermal'] as const).map((v) => (
                <label key={v} className="flex items-center gap-1">
                  <input type="radio" name="pm-paper" value={v} checked={paper === v} onChange={() => setPaper(v)} />
                  {t(v === 'a4' ? 'pay.paper.sheet' : 'pay.paper.roll')}
                </label>
              ))}
            </div>
          </fieldset>
        </div>
        <p className="text-xs text-muted-foreground">{t('pay.print.pdfHint')}</p>
        <div className="overflow-auto rounded-md border bg-white p-3" data-testid="print-preview">
          {doc ?? <p className="text-sm text-muted-foreground">{t('common.loading')}</p>}
        </div>
      </div>
      {doc && <PrintCopy paper={paper}>{doc}</PrintCopy>}
    </FormDialog>
  );
}

import { CheckCircle2, CloudOff, Printer } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { cn } from '../../../lib/cn';
import { EmailReceiptButton } from '../orders/email-receipt-dialog';
import { formatMoney } from '../../payment-management';
import type { ReceiptData } from './receipt-data';
import { ReceiptDocument, type Paper } from './receipt-document';
import type { Register } from './register-storage';
import { useReceiptTexts } from './use-receipt-texts';

/**
 * While mounted, printing shows only this copy of the receipt: every other child of <body> is hidden by print
 * CSS, and the page is sized for the paper chosen.
 */
function PrintCopy({ paper, children }: { paper: Paper; children: ReactNode }) {
  const page = paper === 'a4' ? 'size: A4; margin: 10mm;' : 'size: 80mm auto; margin: 4mm;';
  return createPortal(
    <div className="pos-receipt-print">
      <style>{`.pos-receipt-print{display:none}@media print{@page{${page}}body>*:not(.pos-receipt-print){display:none!important}.pos-receipt-print{display:block!important}}`}</style>
      {children}
    </div>,
    document.body,
  );
}

function Choice<V extends string>({
  legend,
  value,
  options,
  onChange,
}: {
  legend: string;
  value: V;
  options: [V, string][];
  onChange: (v: V) => void;
}) {
  return (
    <div role="radiogroup" aria-label={legend} className="inline-flex rounded-md border p-0.5 text-sm">
      {options.map(([v, label]) => (
        <button
          key={v}
          type="button"
          role="radio"
          aria-checked={value === v}
          className={cn('h-9 rounded px-3', value === v ? 'bg-primary text-primary-foreground' : 'hover:bg-accent')}
          onClick={() => onChange(v)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

/** After a sale: the change to give, the receipt in English or Arabic on a roll or A4, Print and New sale. */
export function ReceiptView({
  data,
  register,
  currency,
  onNewSale,
}: {
  data: ReceiptData;
  register: Register;
  currency: string | null;
  onNewSale: () => void;
}) {
  const { t, language, languages } = useI18n();
  // Receipts print in English or Arabic, each named in its own language.
  const receiptLanguages = (['en', 'ar'] as const).map((code): [string, string] => [
    code,
    languages.find((l) => l.code === code)?.nativeName ?? (code === 'ar' ? 'العربية' : 'English'),
  ]);
  const [lang, setLang] = useState(language === 'ar' ? 'ar' : 'en');
  const [paper, setPaper] = useState<Paper>('thermal');
  const texts = useReceiptTexts(lang);
  const provisional = !data.receiptNumber;
  const doc = <ReceiptDocument data={data} texts={texts} paper={paper} register={register} currency={currency} />;

  return (
    <section className="flex flex-col gap-4" aria-labelledby="pos-done-title">
      <div
        className={cn(
          'flex flex-wrap items-center justify-between gap-3 rounded-lg border p-4',
          provisional ? 'border-amber-300 bg-amber-50 text-amber-950 dark:bg-amber-950/30 dark:text-amber-100' : 'bg-card',
        )}
      >
        <div className="flex items-start gap-3">
          {provisional ? (
            <CloudOff className="mt-1 size-6" aria-hidden />
          ) : (
            <CheckCircle2 className="mt-1 size-6 text-emerald-600" aria-hidden />
          )}
          <div>
            <h2 id="pos-done-title" className="text-lg font-semibold">
              {provisional ? t('posRegister.done.savedTitle') : t('posRegister.done.title')}
            </h2>
            <p className="text-sm">
              {provisional ? t('posRegister.done.savedText') : t('posRegister.done.text', { number: data.receiptNumber ?? '' })}
            </p>
          </div>
        </div>
        {data.change > 0 && (
          <p className="text-end" role="status">
            <span className="block text-sm">{t('posRegister.done.changeLabel')}</span>
            <span className="block text-3xl font-bold tabular-nums" data-testid="done-change">
              {formatMoney(data.change, currency, language)}
            </span>
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Choice legend={t('posRegister.done.language')} value={lang} options={receiptLanguages} onChange={setLang} />
        <Choice
          legend={t('posRegister.done.paper')}
          value={paper}
          options={[
            ['thermal', t('posRegister.done.thermal')],
            ['a4', t('posRegister.done.sheet')],
          ]}
          onChange={setPaper}
        />
        <Button variant="outline" className="h-11" onClick={() => window.print()}>
          <Printer className="size-4" aria-hidden />
          {t('posRegister.done.print')}
        </Button>
        {data.receiptNumber && (
          <EmailReceiptButton orderId={data.saleId} receiptNumber={data.receiptNumber} customerEmail={data.customerEmail} />
        )}
        <Button className="h-11 min-w-36" autoFocus onClick={onNewSale}>
          {t('posRegister.done.newSale')}
        </Button>
      </div>
      <div className="overflow-auto rounded-md border bg-white p-3" data-testid="receipt-preview">
        {doc}
      </div>
      <PrintCopy paper={paper}>{doc}</PrintCopy>
    </section>
  );
}

import type { PosTender } from '@market/contracts/plain';
import { useState } from 'react';
import { useI18n } from '../../app/i18n/i18n-provider';
import type { PosRegister } from './pos-api';
import type { ReceiptData } from './register/receipt-data';
import { ReceiptDocument, type Paper } from './register/receipt-document';
import { useReceiptTexts } from './register/use-receipt-texts';

type Texts = Pick<PosRegister, 'receiptHeaderEn' | 'receiptHeaderAr' | 'receiptFooterEn' | 'receiptFooterAr'>;

/**
 * How this register's receipts will look, while its texts are typed: the printed layout (80 mm roll or A4, English or
 * Arabic) around one sample line that says it is a sample, so nobody mistakes it for a sale.
 */
export function ReceiptPreview({
  name,
  texts,
  tenders,
  currency,
}: {
  name: string;
  texts: Texts;
  tenders: PosTender[];
  currency: string | null;
}) {
  const { t } = useI18n();
  const [lang, setLang] = useState<'en' | 'ar'>('en');
  const [paper, setPaper] = useState<Paper>('thermal');
  const words = useReceiptTexts(lang);
  const price = 1000;
  const data: ReceiptData = {
    saleId: '00000000-0000-4000-8000-000000000000',
    // A number of zeros: the layout of a recorded sale (its number and QR code), not the provisional one.
    receiptNumber: '000000',
    soldAt: new Date().toISOString(),
    registerName: name || words.t('pos.preview.register'),
    cashierName: null,
    customerName: '',
    customerEmail: '',
    lines: [
      {
        key: 'sample',
        nameEn: 'Sample item (preview)',
        nameAr: 'صنف للمعاينة',
        vendorName: words.t('pos.preview.vendor'),
        quantity: 1,
        unitPrice: price,
        discount: 0,
        total: price,
      },
    ],
    subtotal: price,
    discount: 0,
    tax: 0,
    taxes: [],
    total: price,
    payments: [{ tender: tenders[0] ?? 'cash', amount: price, change: 0, reference: '' }],
    change: 0,
  };
  const choice = <V extends string>(value: V, current: V, set: (v: V) => void, label: string) => (
    <button
      type="button"
      aria-pressed={value === current}
      className={`h-8 rounded px-2 ${value === current ? 'bg-primary text-primary-foreground' : 'hover:bg-accent'}`}
      onClick={() => set(value)}
    >
      {label}
    </button>
  );
  return (
    <details className="rounded-md border p-3 text-sm sm:col-span-2" data-testid="receipt-preview-settings">
      <summary className="cursor-pointer font-medium">{t('pos.preview.title')}</summary>
      <p className="mt-2 text-xs text-muted-foreground">{t('pos.preview.hint')}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <div className="inline-flex rounded-md border p-0.5" role="group" aria-label={t('posRegister.done.language')}>
          {choice('en', lang, setLang, 'English')}
          {choice('ar', lang, setLang, 'العربية')}
        </div>
        <div className="inline-flex rounded-md border p-0.5" role="group" aria-label={t('posRegister.done.paper')}>
          {choice<Paper>('thermal', paper, setPaper, t('posRegister.done.thermal'))}
          {choice<Paper>('a4', paper, setPaper, t('posRegister.done.sheet'))}
        </div>
      </div>
      <div className="mt-3 max-h-96 overflow-auto rounded-md border bg-white p-3">
        <ReceiptDocument data={data} texts={words} paper={paper} register={texts as PosRegister} currency={currency} />
      </div>
    </details>
  );
}

import { BookOpen } from 'lucide-react';
import { useI18n } from '../../app/i18n/i18n-provider';
import { formatMoney, StatementPanel, useStatementRange } from '../payment-management';
import { downloadOwnStatement, useOwnStatement } from './vendor-money-api';
import { Card } from './vendor-portal-sections';

/**
 * The vendor's own statement: the same panel staff read on the vendor record (opening balance, entries with the
 * running balance, closing balance, CSV and print), over the vendor portal's routes.
 */
export function VendorStatementCard() {
  const { t, language } = useI18n();
  const range = useStatementRange();
  const statement = useOwnStatement(range.error ? '' : range.from, range.error ? '' : range.to);
  const s = statement.data;
  return (
    <Card title={t('pay.statement.title')} icon={BookOpen} testId="vendor-statement-card">
      {s && (
        <div className="flex flex-col gap-0.5 text-sm">
          <p className="font-medium" data-testid="vendor-balance-now">
            {t('vendorDashboard.statement.balanceNow', { amount: formatMoney(s.currentBalance, s.currency, language) })}
          </p>
          <p className="text-xs text-muted-foreground">{t('vendorDashboard.statement.hint')}</p>
        </div>
      )}
      <StatementPanel
        range={range}
        statement={statement}
        download={(file) => downloadOwnStatement(range.from, range.to, file)}
        showTitle={false}
      />
    </Card>
  );
}

import { downloadStatement, useVendorStatement } from '../payment-management-api';
import { StatementPanel, useStatementRange } from './statement-panel';

/** Staff's statement of one vendor (the vendor record's drawer): the shared panel over the staff routes. */
export default function VendorLedgerStatement({ vendorId }: { vendorId: string }) {
  const range = useStatementRange();
  const statement = useVendorStatement(vendorId, range.error ? '' : range.from, range.error ? '' : range.to);
  return (
    <StatementPanel range={range} statement={statement} download={(file) => downloadStatement(vendorId, range.from, range.to, file)} />
  );
}

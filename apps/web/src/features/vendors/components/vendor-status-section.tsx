import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FormDialog, FormField, fieldClass } from '../../../components/ui/form-dialog';
import { errorMessage, fieldError, hasFieldErrors } from '../../../lib/api-errors';
import { useT } from '../../../app/i18n/i18n-provider';
import { useChangeStatus, type Vendor, type VendorStatus } from '../vendors-api';
import { VendorStatusBadge } from './vendor-badges';

const ACTIONS: Record<VendorStatus, VendorStatus[]> = {
  active: ['suspended', 'blocklisted'],
  suspended: ['active', 'blocklisted'],
  blocklisted: ['active', 'suspended'],
};

/** The vendor's status and reason, and the way to change it (a reason is needed to suspend or blocklist). */
export function VendorStatusSection({ vendor }: { vendor: Vendor }) {
  const t = useT();
  const change = useChangeStatus(vendor.id);
  const [target, setTarget] = useState<VendorStatus | null>(null);
  const [reason, setReason] = useState('');
  const needsReason = target !== null && target !== 'active';
  const [missing, setMissing] = useState(false);
  const openFor = (s: VendorStatus) => {
    change.reset();
    setReason('');
    setMissing(false);
    setTarget(s);
  };
  const submit = () => {
    if (!target) return;
    if (needsReason && !reason.trim()) return setMissing(true);
    change.mutate(
      { status: target, reason: reason.trim() || null },
      {
        onSuccess: () => {
          toast.success(t(`vendors.toast.status.${target}`, { name: vendor.publicName }));
          setTarget(null);
        },
      },
    );
  };
  const error = missing ? t('vendors.status.reasonRequired') : fieldError(change.error, 'reason');
  const general = change.error && !hasFieldErrors(change.error) ? errorMessage(t, change.error) : null;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <VendorStatusBadge status={vendor.status} />
        {vendor.statusReason && (
          <span className="text-muted-foreground">
            {t('vendors.status.reason')}: <span className="text-foreground">{vendor.statusReason}</span>
          </span>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        {ACTIONS[vendor.status].map((s) => (
          <Button
            key={s}
            size="sm"
            variant={s === 'active' ? 'default' : s === 'blocklisted' ? 'destructive' : 'outline'}
            onClick={() => openFor(s)}
          >
            {t(`vendors.status.action.${s}`)}
          </Button>
        ))}
      </div>
      <FormDialog
        open={target !== null}
        onOpenChange={(o) => !o && setTarget(null)}
        title={target ? t(`vendors.status.dialog.${target}`, { name: vendor.publicName }) : ''}
        description={needsReason ? t('vendors.status.reasonHint') : undefined}
        footer={
          <>
            <Button variant="outline" onClick={() => setTarget(null)}>
              {t('common.cancel')}
            </Button>
            <Button variant={target === 'blocklisted' ? 'destructive' : 'default'} disabled={change.isPending} onClick={submit}>
              {target ? t(`vendors.status.action.${target}`) : ''}
            </Button>
          </>
        }
      >
        <FormField label={t('vendors.status.reason') + (needsReason ? ' *' : '')} error={error}>
          {(p) => (
            <textarea
              {...p}
              className={`${fieldClass} h-24 py-2`}
              maxLength={1000}
              value={reason}
              onChange={(e) => {
                setMissing(false);
                setReason(e.target.value);
              }}
            />
          )}
        </FormField>
        {general && (
          <p role="alert" className="mt-3 text-sm text-destructive">
            {general}
          </p>
        )}
      </FormDialog>
    </div>
  );
}

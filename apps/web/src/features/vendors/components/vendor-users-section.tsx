import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog, fieldClass } from '../../../components/ui/form-dialog';
import { errorMessage, fieldError } from '../../../lib/api-errors';
import { useT } from '../../../app/i18n/i18n-provider';
import { useLinkUser, useUnlinkUser, type Vendor } from '../vendors-api';

type LinkedUser = Vendor['users'][number];

/** User accounts acting for the vendor: add one of the organization's accounts by e-mail, or remove one. */
export function VendorUsersSection({ vendor }: { vendor: Vendor }) {
  const t = useT();
  const id = useId();
  const link = useLinkUser(vendor.id);
  const unlink = useUnlinkUser(vendor.id);
  const [email, setEmail] = useState('');
  const [removing, setRemoving] = useState<LinkedUser | null>(null);
  const error = fieldError(link.error, 'email') ?? (link.error ? errorMessage(t, link.error) : undefined);
  return (
    <div className="flex flex-col gap-3">
      {vendor.users.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('vendors.users.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y rounded-md border">
          {vendor.users.map((u) => (
            <li key={u.userId} className="flex items-center gap-3 p-2 text-sm">
              <Avatar name={u.fullName} email={u.email} />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{u.fullName ?? u.email}</span>
                <span className="block truncate text-xs text-muted-foreground" dir="ltr">
                  {u.email}
                </span>
              </span>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('vendors.users.remove', { email: u.email ?? '' })}
                onClick={() => {
                  unlink.reset();
                  setRemoving(u);
                }}
              >
                <Trash2 className="size-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        noValidate
        className="flex flex-col gap-1 text-sm"
        onSubmit={(e) => {
          e.preventDefault();
          if (!email.trim()) return;
          link.mutate(email.trim(), {
            onSuccess: (u) => {
              setEmail('');
              toast.success(t('vendors.users.linked', { email: u.email ?? '' }));
            },
          });
        }}
      >
        <label htmlFor={`${id}-email`} className="font-medium">
          {t('vendors.users.add')}
        </label>
        <div className="flex gap-2">
          <input
            id={`${id}-email`}
            type="email"
            dir="ltr"
            className={fieldClass}
            placeholder={t('vendors.users.emailPlaceholder')}
            value={email}
            maxLength={320}
            aria-invalid={!!error}
            aria-describedby={error ? `${id}-error` : `${id}-hint`}
            onChange={(e) => {
              link.reset();
              setEmail(e.target.value);
            }}
          />
          <Button type="submit" disabled={link.isPending || !email.trim()}>
            {t('vendors.users.link')}
          </Button>
        </div>
        {error ? (
          <span id={`${id}-error`} className="text-xs text-destructive">
            {error}
          </span>
        ) : (
          <span id={`${id}-hint`} className="text-xs text-muted-foreground">
            {t('vendors.users.hint')}
          </span>
        )}
      </form>
      <ConfirmDialog
        open={!!removing}
        onOpenChange={(o) => !o && setRemoving(null)}
        title={t('vendors.users.removeTitle')}
        message={removing ? t('vendors.users.removeConfirm', { email: removing.email ?? '', name: vendor.publicName }) : ''}
        confirmLabel={t('vendors.users.removeConfirmButton')}
        cancelLabel={t('common.cancel')}
        pending={unlink.isPending}
        error={unlink.error && errorMessage(t, unlink.error)}
        onConfirm={() =>
          removing &&
          unlink.mutate(removing.userId, {
            onSuccess: () => {
              toast.success(t('vendors.users.removed', { email: removing.email ?? '' }));
              setRemoving(null);
            },
          })
        }
      />
    </div>
  );
}

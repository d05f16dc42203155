import { ASSIGNABLE_ROLES, outranks } from '@market/contracts/plain';
import { useState } from 'react';
import { toast } from 'sonner';
import { useI18n } from '../../app/i18n/i18n-provider';
import { useMe } from '../../app/session/use-me';
import { FormDialogForm, FormField, TextField, fieldClass } from '../../components/ui/form-dialog';
import { errorMessage, fieldError } from '../../lib/api-errors';
import { useInviteUser } from './users-api';

/** Invite by e-mail with a role ranked below the caller's (the server checks the same rule). */
export function InviteDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useI18n();
  const me = useMe();
  const roles = ASSIGNABLE_ROLES.filter((r) => outranks(me.data?.role, r));
  const [email, setEmail] = useState('');
  const [fullName, setFullName] = useState('');
  const [role, setRole] = useState<string>('');
  const invite = useInviteUser();
  const chosen = role || roles[0] || '';
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setEmail('');
      setFullName('');
      setRole('');
      invite.reset();
    }
  };
  return (
    <FormDialogForm
      open={open}
      onOpenChange={close}
      title={t('users.invite.title')}
      description={t('users.invite.description')}
      pending={invite.isPending}
      submitLabel={t('users.invite.send')}
      cancelLabel={t('common.cancel')}
      formClassName="grid gap-3"
      testId="users-invite-form"
      onSubmit={() =>
        invite.mutate(
          { email, role: chosen as (typeof ASSIGNABLE_ROLES)[number], ...(fullName.trim() ? { fullName } : {}) },
          {
            onSuccess: () => {
              toast.success(t('users.invite.sent', { email }));
              close(false);
            },
          },
        )
      }
    >
      <TextField
        label={t('users.invite.email')}
        type="email"
        dir="ltr"
        value={email}
        onValueChange={setEmail}
        error={fieldError(invite.error, 'email')}
      />
      <TextField label={t('users.invite.fullName')} value={fullName} onValueChange={setFullName} />
      <FormField label={t('users.invite.role')} error={fieldError(invite.error, 'role')}>
        {(props) => (
          <select {...props} className={fieldClass} value={chosen} onChange={(e) => setRole(e.target.value)}>
            {roles.map((r) => (
              <option key={r} value={r}>
                {t(`role.${r}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {invite.error && !fieldError(invite.error, 'email') && !fieldError(invite.error, 'role') && (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(t, invite.error)}
        </p>
      )}
    </FormDialogForm>
  );
}

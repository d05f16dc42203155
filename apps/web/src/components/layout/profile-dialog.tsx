import { platformRoutes } from '@market/contracts/plain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Avatar } from '../ui/avatar';
import { Button } from '../ui/button';
import { api } from '../../lib/api';
import { auth } from '../../lib/supabase';
import { useMe } from '../../app/session/use-me';
import { useAuth } from '../../app/session/auth-provider';
import { useI18n } from '../../app/i18n/i18n-provider';
import { formatLocale } from '../../app/i18n/locale-format';

const BADGE_COLOURS: Record<string, string> = {
  super_admin: 'bg-red-100 text-red-800',
  admin: 'bg-orange-100 text-orange-800',
  vendor_manager: 'bg-emerald-100 text-emerald-800',
  marketing: 'bg-pink-100 text-pink-800',
  inventory: 'bg-sky-100 text-sky-800',
  content: 'bg-violet-100 text-violet-800',
};

const input = 'h-9 w-full rounded-md border bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring';

export default function ProfileDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, language } = useI18n();
  const { session } = useAuth();
  const me = useMe();
  const qc = useQueryClient();
  const profile = useQuery({
    queryKey: ['profile', session?.user.id],
    queryFn: () => api(platformRoutes.getProfile),
    enabled: open && !!session,
  });
  const [form, setForm] = useState({ fullName: '', email: '', avatarUrl: '' });
  useEffect(() => {
    if (profile.error) toast.error(t('toast.profileLoadFailed'));
  }, [profile.error, t]);
  // The form follows the stored profile until the user types: the profile is read when the dialog opens, and an
  // answer (or a refreshed session) arriving after the first keystrokes must not put the old name back.
  const [edited, setEdited] = useState(false);
  useEffect(() => {
    if (open) setEdited(false);
  }, [open]);
  const edit = (patch: Partial<typeof form>) => {
    setEdited(true);
    setForm((f) => ({ ...f, ...patch }));
  };
  useEffect(() => {
    if (!open || edited) return;
    const p = profile.data;
    setForm({
      fullName: p?.fullName ?? session?.user.user_metadata?.full_name ?? '',
      email: p?.email ?? session?.user.email ?? '',
      avatarUrl: p?.avatarUrl ?? session?.user.user_metadata?.avatar_url ?? '',
    });
  }, [open, edited, profile.data, session]);
  const save = useMutation({
    mutationFn: () => api(platformRoutes.updateProfile, { body: form }),
    onSuccess: async () => {
      toast.success(t('toast.profileUpdated'));
      await auth()
        .refreshSession()
        .catch(() => undefined);
      await qc.invalidateQueries({ queryKey: ['profile'] });
      await qc.invalidateQueries({ queryKey: ['me'] });
      onOpenChange(false);
    },
    onError: () => toast.error(t('toast.profileUpdateFailed')),
  });
  const role = me.data?.effectiveRole ?? null;
  const storedRole = me.data?.role ?? null;
  const created = session?.user.created_at
    ? new Date(session.user.created_at).toLocaleDateString(formatLocale(language))
    : t('profile.unknown');
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed start-1/2 top-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-y-1/2 rounded-lg border bg-card p-6 shadow-xl ltr:-translate-x-1/2 rtl:translate-x-1/2">
          <Dialog.Title className="text-lg font-semibold">{t('profile.title')}</Dialog.Title>
          <Dialog.Description className="sr-only">{t('profile.title')}</Dialog.Description>
          <div className="mt-4 flex items-center gap-3">
            <Avatar src={form.avatarUrl || null} name={form.fullName} email={form.email} className="size-14 text-base" />
            <span
              data-testid="role-badge"
              className={`rounded-full px-2 py-0.5 text-xs font-medium ${storedRole && role && BADGE_COLOURS[role] ? BADGE_COLOURS[role] : 'bg-muted text-muted-foreground'}`}
            >
              {storedRole && role && BADGE_COLOURS[role] ? t(`role.${role}`) : storedRole ? t('profile.roleFallback') : t('profile.noRole')}
            </span>
          </div>
          <form
            noValidate
            className="mt-4 flex flex-col gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              save.mutate();
            }}
          >
            <label className="flex flex-col gap-1 text-sm">
              {t('profile.fullName')}
              <input className={input} value={form.fullName} onChange={(e) => edit({ fullName: e.target.value })} />
            </label>
            <label className="flex flex-col gap-1 text-sm">
              {t('profile.email')}
              <input type="email" className={input} value={form.email} onChange={(e) => edit({ email: e.target.value })} />
            </label>
            <label className="flex flex-col gap-1 text-sm">
              {t('profile.avatarUrl')}
              <input className={input} value={form.avatarUrl} onChange={(e) => edit({ avatarUrl: e.target.value })} />
            </label>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs text-muted-foreground">
              <dt>{t('profile.accountCreated')}</dt>
              <dd>{created}</dd>
              <dt>{t('profile.userId')}</dt>
              <dd className="break-all font-mono">{session?.user.id}</dd>
            </dl>
            <div className="mt-2 flex justify-end gap-2">
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                {t('profile.cancel')}
              </Button>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? t('profile.saving') : t('profile.save')}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

import type { settingsRoutes as r } from '@market/contracts';
import { settingsRoutes as routes } from '@market/contracts/plain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiUrl } from '../../lib/api';
import { guardStale } from '../../lib/stale-write';
import { useT } from '../../app/i18n/i18n-provider';
import { downloadFile } from '../payment-management';

export type Settings = r.Settings;
export type ProfileChange = Omit<r.ProfileSettingsUpdate, 'expectedUpdatedAt'>;
export type EmailChange = Omit<r.EmailSettingsUpdate, 'expectedUpdatedAt'>;
export type SecurityChange = Omit<r.SecuritySettingsUpdate, 'expectedUpdatedAt'>;
export type DataChange = Omit<r.DataSettingsUpdate, 'expectedUpdatedAt'>;
export type TemplateItem = r.EmailTemplateItem;
export type SettingsExport = r.SettingsExport;

export const settingsKeys = {
  all: ['settings'] as const,
  settings: ['settings', 'settings'] as const,
  templates: ['settings', 'templates'] as const,
  exports: ['settings', 'exports'] as const,
  mySecurity: ['settings', 'my-security'] as const,
};

export function useSettings() {
  return useQuery({ queryKey: settingsKeys.settings, queryFn: () => api(routes.getSettings) });
}

/** One group's save, carrying the version the screen loaded; a stale version reloads and says so. */
function useSaveGroup<B>(call: (body: B & { expectedUpdatedAt: string | null }) => Promise<Settings>) {
  const qc = useQueryClient();
  const t = useT();
  return useMutation({
    mutationFn: (body: B) => {
      const current = qc.getQueryData<Settings>(settingsKeys.settings);
      return guardStale(
        () => call({ ...body, expectedUpdatedAt: current?.updatedAt ?? null }),
        t('settings.stale'),
        () => qc.invalidateQueries({ queryKey: settingsKeys.all }),
      );
    },
    onSuccess: (saved) => {
      qc.setQueryData(settingsKeys.settings, saved);
      void qc.invalidateQueries({ queryKey: settingsKeys.templates });
    },
  });
}

export const useSaveProfile = () => useSaveGroup<ProfileChange>((body) => api(routes.updateProfileSettings, { body }));
export const useSaveEmail = () => useSaveGroup<EmailChange>((body) => api(routes.updateEmailSettings, { body }));
export const useSaveSecurity = () => useSaveGroup<SecurityChange>((body) => api(routes.updateSecuritySettings, { body }));
export const useSaveData = () => useSaveGroup<DataChange>((body) => api(routes.updateDataSettings, { body }));

export function useTestEmail() {
  return useMutation({ mutationFn: (to: string) => api(routes.testEmailSettings, { body: { to } }) });
}

export function useTemplates() {
  return useQuery({ queryKey: settingsKeys.templates, queryFn: () => api(routes.listEmailTemplates) });
}

type TemplateKey = { template: TemplateItem['template']; language: TemplateItem['language'] };

export function useSaveTemplate() {
  const qc = useQueryClient();
  const t = useT();
  return useMutation({
    mutationFn: ({ key, text }: { key: TemplateKey; text: { subject: string; body: string } | null }) => {
      const expectedUpdatedAt = qc.getQueryData<{ updatedAt: string | null }>(settingsKeys.templates)?.updatedAt ?? null;
      return guardStale(
        () =>
          text
            ? api(routes.updateEmailTemplate, { params: key, body: { ...text, expectedUpdatedAt } })
            : api(routes.resetEmailTemplate, { params: key, body: { expectedUpdatedAt } }),
        t('settings.stale'),
        () => qc.invalidateQueries({ queryKey: settingsKeys.all }),
      );
    },
    onSuccess: (list) => {
      qc.setQueryData(settingsKeys.templates, list);
      void qc.invalidateQueries({ queryKey: settingsKeys.settings });
    },
  });
}

export function usePreviewTemplate() {
  return useMutation({
    mutationFn: ({ key, text }: { key: TemplateKey; text: { subject: string; body: string } }) =>
      api(routes.previewEmailTemplate, { params: key, body: text }),
  });
}

export function useExports() {
  return useQuery({
    queryKey: settingsKeys.exports,
    queryFn: () => api(routes.listSettingsExports),
    // Progress: poll while an export is queued or running.
    refetchInterval: (q) => (q.state.data?.items.some((e) => e.status === 'queued' || e.status === 'running') ? 2000 : false),
  });
}

export function useStartExport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api(routes.createSettingsExport, { body: {} }),
    onSuccess: () => qc.invalidateQueries({ queryKey: settingsKeys.exports }),
  });
}

export function downloadExport(id: string): Promise<void> {
  return downloadFile(apiUrl(routes.downloadSettingsExport.path, { id }), `export-${id.slice(0, 8)}.jsonl`);
}

export function useMySecurity(enabled: boolean) {
  return useQuery({ queryKey: settingsKeys.mySecurity, queryFn: () => api(routes.getMySecurity), enabled, staleTime: 60_000 });
}

import type { ApplicationDetail, ApplicationListItem, applicationsRoutes as r } from '@market/contracts';
import {
  applicationsRoutes,
  marketCategoriesRoutes,
  marketDaysRoutes,
  type ApplicationEmailTemplateKey,
  type ApplicationLocale,
  type ApplicationSort,
  type ApplicationStatus,
  type ApplicationStream,
  type BodyOf,
  type BULK_ACTIONS,
} from '@market/contracts/plain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { guardStale } from '../../lib/stale-write';
import { useT } from '../../app/i18n/i18n-provider';

export type { ApplicationDetail, ApplicationListItem };
export type ApplicationDocument = r.ApplicationDocument;
export type ApplicationEvent = r.ApplicationEvent;
export type Workshop = r.Workshop;
export type EmailTemplate = r.EmailTemplate;
export type StaffAction = ApplicationDetail['allowedActions'][number];
export type BulkAction = (typeof BULK_ACTIONS)[number];
/** A decision on a document, naming the updatedAt of the document as the page showed it. */
export type DocumentReview = BodyOf<typeof applicationsRoutes.reviewApplicationDocument>;
export const PAGE_SIZE = 25;

/** The queue's filters exactly as the list route takes them (strings, as in the URL). */
export interface QueueFilters {
  stream: ApplicationStream;
  status?: ApplicationStatus;
  categoryId?: string;
  marketDayId?: string;
  submittedFrom?: string;
  submittedTo?: string;
  q?: string;
  sort?: ApplicationSort;
  page: number;
}

export const applicationKeys = {
  all: ['applications'] as const,
  lists: ['applications', 'list'] as const,
  list: (f: QueueFilters) => ['applications', 'list', f] as const,
  detail: (id: string) => ['applications', 'detail', id] as const,
  settings: ['applications', 'settings'] as const,
  templates: ['applications', 'templates'] as const,
  workshops: ['applications', 'workshops'] as const,
};

export { applicationPath, STREAM_BASE } from './stream-paths';

export function useApplications(f: QueueFilters) {
  return useQuery({
    queryKey: applicationKeys.list(f),
    queryFn: () =>
      api(applicationsRoutes.listApplications, {
        query: {
          stream: f.stream,
          status: f.status,
          categoryId: f.categoryId,
          marketDayId: f.marketDayId,
          submittedFrom: f.submittedFrom,
          submittedTo: f.submittedTo,
          q: f.q?.trim() || undefined,
          sort: f.sort,
          page: String(f.page),
          pageSize: String(PAGE_SIZE),
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useApplication(id: string | undefined) {
  return useQuery({
    queryKey: applicationKeys.detail(id ?? ''),
    queryFn: () => api(applicationsRoutes.getApplication, { params: { id: id! } }),
    enabled: !!id,
  });
}

/** A write answering the application: the answer replaces the cached one and the queues refresh. */
function useDetailWrite<V>(fn: (v: V) => Promise<ApplicationDetail>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (detail) => {
      qc.setQueryData(applicationKeys.detail(detail.id), detail);
      await qc.invalidateQueries({ queryKey: applicationKeys.lists });
      if (detail.workshop) await qc.invalidateQueries({ queryKey: applicationKeys.workshops });
    },
  });
}

export type ActionInput =
  | { action: 'start_review' }
  | { action: 'request_info'; message: string }
  | { action: 'approve'; marketDayId?: string; message?: string | null }
  | { action: 'waitlist'; message?: string | null }
  | { action: 'reject'; reason: string }
  | { action: 'message'; message: string };

export function useApplicationAction(id: string) {
  return useDetailWrite((input: ActionInput) => {
    const params = { id };
    switch (input.action) {
      case 'start_review':
        return api(applicationsRoutes.startReview, { params });
      case 'request_info':
        return api(applicationsRoutes.requestInfo, { params, body: { message: input.message } });
      case 'approve':
        return api(applicationsRoutes.approveApplication, { params, body: { marketDayId: input.marketDayId, message: input.message } });
      case 'waitlist':
        return api(applicationsRoutes.waitlistApplication, { params, body: { message: input.message } });
      case 'reject':
        return api(applicationsRoutes.rejectApplication, { params, body: { reason: input.reason } });
      case 'message':
        return api(applicationsRoutes.messageApplicant, { params, body: { message: input.message } });
    }
  });
}

export const useScoreApplication = (id: string) =>
  useDetailWrite((body: BodyOf<typeof applicationsRoutes.scoreApplication>) =>
    api(applicationsRoutes.scoreApplication, { params: { id }, body }),
  );

/** Another reviewer's decision on the document since the page loaded makes this one stale: the page reloads and says so. */
export function useReviewDocument(id: string) {
  const qc = useQueryClient();
  const t = useT();
  return useMutation({
    mutationFn: ({ docId, body }: { docId: string; body: DocumentReview }) =>
      guardStale(
        () => api(applicationsRoutes.reviewApplicationDocument, { params: { id, docId }, body }),
        t('edit.staleWrite'),
        () => qc.invalidateQueries({ queryKey: applicationKeys.detail(id) }),
      ),
    onSuccess: (doc) => {
      qc.setQueryData<ApplicationDetail>(
        applicationKeys.detail(id),
        (old) => old && { ...old, documents: old.documents.map((d) => (d.id === doc.id ? doc : d)) },
      );
      // The history gains a document_review entry.
      void qc.invalidateQueries({ queryKey: applicationKeys.detail(id) });
    },
  });
}

export const documentUrl = (id: string, docId: string) => api(applicationsRoutes.applicationDocumentUrl, { params: { id, docId } });

export function useBulkAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { ids: string[]; action: BulkAction; reason?: string | null }) =>
      api(applicationsRoutes.bulkApplicationAction, { body }),
    onSettled: () => qc.invalidateQueries({ queryKey: applicationKeys.all }),
  });
}

export function useApplicationSettings() {
  return useQuery({
    queryKey: applicationKeys.settings,
    queryFn: () => api(applicationsRoutes.getApplicationSettings),
  });
}

export function useSaveApplicationSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof applicationsRoutes.updateApplicationSettings>) =>
      api(applicationsRoutes.updateApplicationSettings, { body }),
    onSuccess: async (s) => {
      qc.setQueryData(applicationKeys.settings, s);
      // Blind review changes which scores the queue and the pages may show.
      await qc.invalidateQueries({ queryKey: applicationKeys.lists });
      await qc.invalidateQueries({ queryKey: ['applications', 'detail'] });
    },
  });
}

export function useEmailTemplates(enabled: boolean) {
  return useQuery({
    queryKey: applicationKeys.templates,
    queryFn: () => api(applicationsRoutes.listEmailTemplates),
    enabled,
  });
}

/**
 * Saving names the updatedAt of the wording the editor was filled from (null: the built-in one); wording someone
 * else saved or reset since makes it stale: the list reloads and says so.
 */
export function useTemplateWrite() {
  const qc = useQueryClient();
  const t = useT();
  const reload = () => qc.invalidateQueries({ queryKey: applicationKeys.templates });
  return useMutation({
    mutationFn: ({
      key,
      locale,
      body,
    }: {
      key: ApplicationEmailTemplateKey;
      locale: ApplicationLocale;
      body: BodyOf<typeof applicationsRoutes.saveEmailTemplate> | null;
    }) =>
      body
        ? guardStale(() => api(applicationsRoutes.saveEmailTemplate, { params: { key, locale }, body }), t('edit.staleWrite'), reload)
        : api(applicationsRoutes.resetEmailTemplate, { params: { key, locale } }),
    onSuccess: reload,
  });
}

export function useWorkshops() {
  return useQuery({
    queryKey: applicationKeys.workshops,
    queryFn: () => api(applicationsRoutes.listWorkshops, { query: {} }),
  });
}

export function useUpdateWorkshop() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: BodyOf<typeof applicationsRoutes.updateWorkshop> }) =>
      api(applicationsRoutes.updateWorkshop, { params: { id }, body }),
    onSuccess: async (w) => {
      await qc.invalidateQueries({ queryKey: applicationKeys.workshops });
      if (w.applicationId) await qc.invalidateQueries({ queryKey: applicationKeys.detail(w.applicationId) });
    },
  });
}

/** Categories and market days come from their own areas; read here only to filter and to choose. */
export function useCategoryOptions(enabled = true) {
  return useQuery({
    queryKey: ['market-categories', 'list', 'all'],
    queryFn: () => api(marketCategoriesRoutes.listCategories, { query: { status: 'all' } }),
    staleTime: 60_000,
    enabled,
  });
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Market days from half a year back to a little more ahead (the list route takes at most 400 days). */
export function useMarketDayOptions() {
  const now = Date.now();
  const from = isoDay(now - 180 * DAY_MS);
  const to = isoDay(now + 215 * DAY_MS);
  return useQuery({
    queryKey: ['market-days', 'options', from, to],
    queryFn: () => api(marketDaysRoutes.listMarketDays, { query: { from, to } }),
    staleTime: 60_000,
  });
}

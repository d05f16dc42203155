import type { ApplicantView, ApplicationDocumentRef, ApplicationForm, ApplicationStream, ApplicationUpload } from '@market/contracts';
import { publicApplicationsRoutes, type BodyOf } from '@market/contracts/plain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, uploadFile } from '../../../lib/api';

export type SubmissionBody = BodyOf<typeof publicApplicationsRoutes.submitApplication>;
export type { ApplicantView, ApplicationForm, ApplicationUpload };

export const publicApplicationKeys = {
  form: (stream: ApplicationStream, org: string | null) => ['public-application-form', stream, org ?? ''] as const,
  status: (token: string) => ['application-status', token] as const,
};

/** The `?org=` of the page, passed on so a link to another organization's form keeps working. */
export function orgOfPage(): string | null {
  return new URLSearchParams(window.location.search).get('org')?.trim() || null;
}

export function useApplicationForm(stream: ApplicationStream, org: string | null) {
  return useQuery({
    queryKey: publicApplicationKeys.form(stream, org),
    queryFn: () => api(publicApplicationsRoutes.getApplicationForm, { params: { stream }, query: org ? { org } : {} }),
    // The form token in the answer dates the applicant's start; refetching would only replace it.
    staleTime: Infinity,
  });
}

export function submitApplication(body: SubmissionBody) {
  return api(publicApplicationsRoutes.submitApplication, { body });
}

/** One file to the upload endpoint, with progress; a cancelled upload fails with the code `aborted`. */
export function uploadApplicationFile(opts: {
  file: File;
  org: string | null;
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
}): Promise<ApplicationUpload> {
  return uploadFile(publicApplicationsRoutes.uploadApplicationFile, opts.file, opts.onProgress, {
    query: opts.org ? { org: opts.org } : {},
    signal: opts.signal,
  });
}

export function useApplicationStatus(token: string) {
  return useQuery({
    queryKey: publicApplicationKeys.status(token),
    queryFn: () => api(publicApplicationsRoutes.getApplicationStatus, { body: { token } }),
    enabled: token !== '',
  });
}

export function useRespondToApplication(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { message: string; documents: ApplicationDocumentRef[] }) =>
      api(publicApplicationsRoutes.respondToApplication, { body: { token, ...body } }),
    onSuccess: (view) => qc.setQueryData(publicApplicationKeys.status(token), view),
  });
}

export type EditBody = BodyOf<typeof publicApplicationsRoutes.editApplication>;

/** New answers from the applicant's private status link (while the application is submitted). */
export function editApplication(body: EditBody) {
  return api(publicApplicationsRoutes.editApplication, { body });
}

export function useWithdrawApplication(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => api(publicApplicationsRoutes.withdrawApplication, { body: { token, reason: reason.trim() || null } }),
    onSuccess: (view) => qc.setQueryData(publicApplicationKeys.status(token), view),
  });
}

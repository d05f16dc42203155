import type {
  ApplicantView,
  ApplicationDocumentRef,
  ApplicationForm,
  ApplicationStream,
  ApplicationUpload,
  applicationEditRequest,
  applicationSubmission,
  publicApplicationsRoutes,
} from '@market/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, ApiError } from '../../../lib/api';

export type SubmissionBody = z.input<typeof applicationSubmission>;
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
    queryFn: () =>
      api<typeof publicApplicationsRoutes.getApplicationForm>(
        { method: 'GET', path: '/public/application-forms/:stream' },
        { params: { stream }, query: org ? { org } : {} },
      ),
    // The form token in the answer dates the applicant's start; refetching would only replace it.
    staleTime: Infinity,
    retry: (count, e) => !(e instanceof ApiError && e.status < 500) && count < 1,
  });
}

export function submitApplication(body: SubmissionBody) {
  return api<typeof publicApplicationsRoutes.submitApplication>({ method: 'POST', path: '/public/applications' }, { body });
}

/** One file to the upload endpoint with progress (fetch reports none, so XMLHttpRequest). */
export function uploadApplicationFile(opts: {
  file: File;
  org: string | null;
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
}): Promise<ApplicationUpload> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/v1/public/application-uploads${opts.org ? `?org=${encodeURIComponent(opts.org)}` : ''}`);
    xhr.upload.onprogress = (e) => e.lengthComputable && opts.onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let json: { error?: { code?: string; message?: string } } | null = null;
      try {
        json = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        json = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && json) return resolve(json as ApplicationUpload);
      reject(new ApiError(xhr.status, json?.error?.code ?? 'upload_failed', json?.error?.message ?? `HTTP ${xhr.status}`));
    };
    xhr.onerror = () => reject(new TypeError('network'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort());
    const data = new FormData();
    data.append('file', opts.file, opts.file.name);
    xhr.send(data);
  });
}

export function useApplicationStatus(token: string) {
  return useQuery({
    queryKey: publicApplicationKeys.status(token),
    queryFn: () =>
      api<typeof publicApplicationsRoutes.getApplicationStatus>(
        { method: 'POST', path: '/public/application-status' },
        { body: { token } },
      ),
    enabled: token !== '',
    retry: (count, e) => !(e instanceof ApiError && e.status < 500) && count < 1,
  });
}

export function useRespondToApplication(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { message: string; documents: ApplicationDocumentRef[] }) =>
      api<typeof publicApplicationsRoutes.respondToApplication>(
        { method: 'POST', path: '/public/application-status/respond' },
        { body: { token, ...body } },
      ),
    onSuccess: (view) => qc.setQueryData(publicApplicationKeys.status(token), view),
  });
}

export type EditBody = z.input<typeof applicationEditRequest>;

/** New answers from the applicant's private status link (while the application is submitted). */
export function editApplication(body: EditBody) {
  return api<typeof publicApplicationsRoutes.editApplication>({ method: 'POST', path: '/public/application-status/answers' }, { body });
}

export function useWithdrawApplication(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      api<typeof publicApplicationsRoutes.withdrawApplication>(
        { method: 'POST', path: '/public/application-status/withdraw' },
        { body: { token, reason: reason.trim() || null } },
      ),
    onSuccess: (view) => qc.setQueryData(publicApplicationKeys.status(token), view),
  });
}

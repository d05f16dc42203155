import { z } from 'zod';
import { defineRoute } from '../common/route.js';
import {
  APPLICATION_STREAMS,
  applicantViewSchema,
  applicationFormQuery,
  applicationFormSchema,
  applicationReceipt,
  applicationRespondRequest,
  applicationStatusRequest,
  applicationSubmission,
  applicationUploadSchema,
  applicationWithdrawRequest,
  applicationEditRequest,
} from './schemas.js';

const access = { public: true } as const;
const tag = 'public-applications';

export const getApplicationForm = defineRoute({
  method: 'GET',
  path: '/public/application-forms/:stream',
  tag,
  summary:
    "What an application form offers (the organization's active categories with required documents, published market days open for applications) and a form token that dates the start of filling it in",
  access,
  params: z.object({ stream: z.enum(APPLICATION_STREAMS, 'must be market_vendor, junior_vendor or workshop') }).strict(),
  query: applicationFormQuery,
  response: applicationFormSchema,
});
export const uploadApplicationFile = defineRoute({
  method: 'POST',
  path: '/public/application-uploads',
  tag,
  summary:
    'Upload one document for an application (multipart/form-data, field "file"; PNG, JPEG, WebP, GIF or PDF up to 10 MB, checked by content; images re-encoded without metadata). The id it answers is claimed by the submission.',
  access,
  query: applicationFormQuery,
  response: applicationUploadSchema,
  status: 201,
});
export const submitApplication = defineRoute({
  method: 'POST',
  path: '/public/applications',
  tag,
  summary:
    'Submit an application (at most 5 per client address per 10 minutes). A confirmation e-mail carries the private status link. The same e-mail and stream within 24 hours, while the first is not decided, changes nothing: the answer is the same and the address is sent its status link again.',
  access,
  body: applicationSubmission,
  response: applicationReceipt,
  status: 202,
});
export const getApplicationStatus = defineRoute({
  method: 'POST',
  path: '/public/application-status',
  tag,
  summary: "The applicant's view of an application from the secret of the private status link: status, history, staff messages",
  access,
  body: applicationStatusRequest,
  response: applicantViewSchema,
});
export const respondToApplication = defineRoute({
  method: 'POST',
  path: '/public/application-status/respond',
  tag,
  summary: 'Answer a request for information (text and uploaded files); the application goes back to review',
  access,
  body: applicationRespondRequest,
  response: applicantViewSchema,
});
export const withdrawApplication = defineRoute({
  method: 'POST',
  path: '/public/application-status/withdraw',
  tag,
  summary: 'Withdraw an application that is not decided yet',
  access,
  body: applicationWithdrawRequest,
  response: applicantViewSchema,
});
export const editApplication = defineRoute({
  method: 'POST',
  path: '/public/application-status/answers',
  tag,
  summary:
    'Replace the answers of an application from its private status link, while it is submitted (nobody reviews it yet); the e-mail address stays',
  access,
  body: applicationEditRequest,
  response: applicantViewSchema,
});

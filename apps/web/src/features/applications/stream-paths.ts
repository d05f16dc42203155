import type { ApplicationStream } from '@market/contracts/plain';

/** Where the queue and the application page of a stream live. */
export const STREAM_BASE: Record<ApplicationStream, string> = {
  market_vendor: '/market-vendor-management',
  junior_vendor: '/junior-vendor-management',
  workshop: '/workshop-applications',
};
export const applicationPath = (stream: ApplicationStream, id: string) =>
  stream === 'workshop' ? `/workshop-applications/${id}` : `${STREAM_BASE[stream]}/applications/${id}`;

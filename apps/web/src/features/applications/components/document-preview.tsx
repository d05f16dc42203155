import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-errors';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { documentUrl, type ApplicationDocument } from '../applications-api';

/** An image inline, a PDF in a frame, anything else as a link; the signed link is short-lived, so it is asked for on opening. */
export function DocumentPreview({ appId, doc }: { appId: string; doc: ApplicationDocument }) {
  const { t } = useI18n();
  const link = useQuery({
    queryKey: ['applications', 'document-url', appId, doc.id],
    queryFn: () => documentUrl(appId, doc.id),
    staleTime: 30_000,
    gcTime: 30_000,
  });
  if (link.isPending)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {t('common.loading')}
      </p>
    );
  if (link.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {t('review.docs.previewFailed', { reason: errorMessage(t, link.error) })}
      </p>
    );
  }
  const { url, mimeType } = link.data;
  return (
    <div className="flex flex-col gap-2" data-testid="document-preview">
      {mimeType.startsWith('image/') ? (
        <img src={url} alt={doc.fileName} className="max-h-96 w-auto max-w-full self-start rounded border object-contain" />
      ) : mimeType === 'application/pdf' ? (
        <PdfFrame url={url} title={doc.fileName} />
      ) : null}
      <a href={url} target="_blank" rel="noopener noreferrer" className="inline-flex w-fit items-center gap-1 text-primary hover:underline">
        <ExternalLink className="size-3.5" aria-hidden />
        {t('review.docs.open')}
      </a>
    </div>
  );
}

/**
 * The server forbids framing its own responses (X-Frame-Options: DENY), so the PDF is fetched and
 * framed from a local blob: address instead.
 */
function PdfFrame({ url, title }: { url: string; title: string }) {
  const { t } = useI18n();
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    let objectUrl: string | null = null;
    fetch(url)
      .then((r) => (r.ok ? r.blob() : Promise.reject(new Error(`HTTP ${r.status}`))))
      .then((blob) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
        setSrc(objectUrl);
      })
      .catch((e: unknown) => live && setFailed(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  if (failed)
    return (
      <p role="alert" className="text-sm text-destructive">
        {t('review.docs.previewFailed', { reason: failed })}
      </p>
    );
  if (!src)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {t('common.loading')}
      </p>
    );
  return <iframe src={src} title={title} className="h-[28rem] w-full rounded border" />;
}

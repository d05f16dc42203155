import { emailRoutes } from '@market/contracts/plain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { FormDialog } from '../../components/ui/form-dialog';
import { ListState } from '../../components/ui/list-state';
import { api } from '../../lib/api';
import { useI18n } from '../../app/i18n/i18n-provider';
import { formatLocale } from '../../app/i18n/locale-format';

export const emailOutboxKeys = {
  all: ['email-outbox'] as const,
  list: (filters: { to: string; template: string }) => ['email-outbox', 'list', filters] as const,
  message: (id: string) => ['email-outbox', 'message', id] as const,
};

export const formatEmailTime = (iso: string, language: string) =>
  new Intl.DateTimeFormat(formatLocale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

const URL_CANDIDATE = /https?:\/\/[^\s<>"'`]+/gi;

const count = (s: string, c: string) => s.split(c).length - 1;

/** A URL found in prose usually ends before the sentence's punctuation; a ")" stays when it closes a "(" of the URL. */
function trimUrl(raw: string): string {
  let url = raw;
  for (;;) {
    const last = url.at(-1);
    if (!last || !/[.,;:!?)\]}'"]/.test(last)) return url;
    if (last === ')' && count(url, '(') >= count(url, ')')) return url;
    url = url.slice(0, -1);
  }
}

/** Plain text with its http(s) links as anchors, built as React elements so nothing in the text is parsed as HTML. */
export function linkifiedText(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let at = 0;
  for (const m of text.matchAll(URL_CANDIDATE)) {
    const candidate = trimUrl(m[0]);
    let href: string | null = null;
    try {
      const u = new URL(candidate);
      if (u.protocol === 'http:' || u.protocol === 'https:') href = u.href;
    } catch {
      href = null;
    }
    if (!href) continue;
    if (m.index > at) out.push(text.slice(at, m.index));
    out.push(
      <a key={m.index} href={href} target="_blank" rel="noopener noreferrer" className="break-all text-primary underline">
        {candidate}
      </a>,
    );
    at = m.index + candidate.length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

/** One outbox message with its plain-text body; the HTML body is never rendered here. */
export function EmailOutboxDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t, language } = useI18n();
  const message = useQuery({
    queryKey: emailOutboxKeys.message(id ?? ''),
    queryFn: () => api(emailRoutes.getEmailOutboxMessage, { params: { id: id! } }),
    enabled: !!id,
  });
  const m = message.data;
  return (
    <FormDialog
      open={!!id}
      onOpenChange={(open) => !open && onClose()}
      wide
      title={m ? m.subject || t('emailOutbox.noSubject') : t('emailOutbox.messageTitle')}
      footer={
        <Button variant="outline" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
    >
      <ListState
        loading={message.isPending}
        error={message.error}
        empty={false}
        loadingLabel={t('emailOutbox.loading')}
        errorLabel={t('emailOutbox.messageLoadFailed')}
        retryLabel={t('common.tryAgain')}
        onRetry={() => void message.refetch()}
        emptyContent={null}
      />
      {m && (
        <div className="flex flex-col gap-4 text-sm">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <Row label={t('emailOutbox.subject')}>{m.subject || t('emailOutbox.noSubject')}</Row>
            <Row label={t('emailOutbox.to')}>
              <span dir="ltr">{m.toAddress}</span>
            </Row>
            <Row label={t('emailOutbox.status')}>
              <span data-testid="email-outbox-message-status">{t(`emailStatus.${m.status}`)}</span>
            </Row>
            <Row label={t('emailOutbox.template')}>
              <code dir="ltr">{m.template}</code>
            </Row>
            <Row label={t('emailOutbox.created')}>{formatEmailTime(m.createdAt, language)}</Row>
            {m.sentAt && <Row label={t('emailOutbox.sentAt')}>{formatEmailTime(m.sentAt, language)}</Row>}
            <Row label={t('emailOutbox.attempts')}>{m.attempts}</Row>
            {m.lastError && (
              <Row label={t('emailOutbox.lastError')}>
                <span className="text-destructive">{m.lastError}</span>
              </Row>
            )}
          </dl>
          <section aria-labelledby="email-outbox-body-label" className="flex flex-col gap-1">
            <h3 id="email-outbox-body-label" className="font-medium">
              {t('emailOutbox.body')}
            </h3>
            {m.bodyRedacted && (
              // Delivered mail: the server kept its words, not its links and codes, which were the recipient's.
              <p
                data-testid="email-outbox-redacted"
                role="note"
                className="rounded-md border border-dashed p-2 text-xs text-muted-foreground"
              >
                {t('emailOutbox.redacted')}
              </p>
            )}
            {m.textBody ? (
              // dir="auto": the body's own language decides its direction, not the page's.
              <div
                data-testid="email-outbox-body"
                dir="auto"
                className="whitespace-pre-wrap break-words rounded-md border bg-muted p-3 font-mono text-xs"
              >
                {linkifiedText(m.textBody)}
              </div>
            ) : (
              <p className="text-muted-foreground">{t('emailOutbox.emptyBody')}</p>
            )}
          </section>
        </div>
      )}
    </FormDialog>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

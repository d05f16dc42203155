import { AlertTriangle, CloudUpload, PauseCircle, Wifi, WifiOff } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { dateTimeFormat } from '../../../app/i18n/locale-format';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { cn } from '../../../lib/cn';
import type { Register, Session } from './register-storage';

/** Where the cashier is (register, session), whether the connection is there, and what waits to be sent. */
export function RegisterStatusBar({
  register,
  session,
  online,
  waiting,
  refused,
  sending,
  parked,
  onSendNow,
  onShowRefused,
  onShowParked,
  onChangeRegister,
}: {
  register: Register;
  session: Session;
  online: boolean;
  waiting: number;
  refused: number;
  sending: boolean;
  parked: number;
  onSendNow: () => void;
  onShowRefused: () => void;
  onShowParked: () => void;
  onChangeRegister: () => void;
}) {
  const { t, language } = useI18n();
  const opened = new Date(session.openedAt);
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-lg border bg-card px-3 py-2 text-sm">
      <div className="me-auto min-w-0">
        <span className="font-semibold">{register.name}</span>
        <span className="text-muted-foreground">
          {' · '}
          {t('posRegister.status.session', {
            time: Number.isNaN(opened.getTime())
              ? session.openedAt
              : dateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' }).format(opened),
          })}
        </span>
      </div>
      <span
        className={cn(
          'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
          online ? 'bg-emerald-100 text-emerald-800' : 'bg-amber-100 text-amber-900',
        )}
      >
        {online ? <Wifi className="size-3.5" aria-hidden /> : <WifiOff className="size-3.5" aria-hidden />}
        {online ? t('posRegister.status.online') : t('posRegister.status.offline')}
      </span>
      <span role="status" className="inline-flex items-center gap-2">
        {waiting > 0 && (
          <span
            className="inline-flex items-center gap-1 rounded-full bg-sky-100 px-2 py-0.5 text-xs font-medium text-sky-900"
            data-testid="queue-waiting"
          >
            <CloudUpload className="size-3.5" aria-hidden />
            {sending ? t('posRegister.queue.sending', { count: waiting }) : t('posRegister.queue.waiting', { count: waiting })}
          </span>
        )}
      </span>
      {waiting > 0 && online && !sending && (
        <Button size="sm" variant="outline" onClick={onSendNow}>
          {t('posRegister.queue.sendNow')}
        </Button>
      )}
      {refused > 0 && (
        <Button size="sm" variant="destructive" onClick={onShowRefused}>
          <AlertTriangle className="size-4" aria-hidden />
          {t('posRegister.queue.attention', { count: refused })}
        </Button>
      )}
      <Button size="sm" variant="outline" onClick={onShowParked} disabled={parked === 0}>
        <PauseCircle className="size-4" aria-hidden />
        {t('posRegister.parked.open', { count: parked })}
      </Button>
      <Button size="sm" variant="ghost" onClick={onChangeRegister}>
        {t('posRegister.changeRegister')}
      </Button>
    </div>
  );
}

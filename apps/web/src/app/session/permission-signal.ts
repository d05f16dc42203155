import type { QueryClient } from '@tanstack/react-query';
import type { RealtimeChannel } from '@supabase/realtime-js';
import { useEffect } from 'react';
import { afterStart } from './after-start';

/*
 * "Permissions changed" across the organization's signed-in tabs (decision 022). The server's own caches follow a
 * role or matrix write at once (decision 007); what a browser shows comes from `/me`, so after such a write the
 * writer's tab broadcasts on the organization's private `team:permissions` topic (any member may join it; decision
 * 009) and every tab that hears it reads `/me` again: a sidebar gains or loses an entry without signing out. The
 * message carries nothing but the nudge, so a member sending it can only make others re-read their own `/me`.
 */
const TOPIC = 'team:permissions';
const EVENT = 'changed';

let channel: RealtimeChannel | null = null;
let cancelStart: (() => void) | null = null;
const clients = new Map<QueryClient, number>();

function refetchMe() {
  for (const qc of clients.keys()) void qc.invalidateQueries({ queryKey: ['me'] });
}

/** A signal asked for before the channel was joined, sent once it is. */
let pendingSignal = false;

type Realtime = typeof import('../../lib/realtime');

function join({ realtime }: Realtime) {
  if (channel) return;
  const joined = realtime()
    .channel(TOPIC, { config: { private: true, broadcast: { self: false } } })
    .on('broadcast', { event: EVENT }, refetchMe)
    .subscribe((status) => {
      if (status !== 'SUBSCRIBED' || !pendingSignal) return;
      pendingSignal = false;
      void joined.send({ type: 'broadcast', event: EVENT, payload: {} });
    });
  channel = joined;
}

function start() {
  if (channel || cancelStart) return;
  cancelStart = afterStart(
    () =>
      void import('../../lib/realtime').then((m) => {
        cancelStart = null;
        if (clients.size) join(m);
      }),
  );
}

function stop() {
  cancelStart?.();
  cancelStart = null;
  if (channel) void import('../../lib/realtime').then(({ realtime }) => channel && void realtime().removeChannel(channel));
  channel = null;
}

/** Keeps the tab listening while a signed-in component reads `/me`. */
export function usePermissionSignal(qc: QueryClient, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    clients.set(qc, (clients.get(qc) ?? 0) + 1);
    start();
    return () => {
      const n = (clients.get(qc) ?? 1) - 1;
      if (n > 0) clients.set(qc, n);
      else clients.delete(qc);
      if (!clients.size) stop();
    };
  }, [qc, enabled]);
}

/** Tells the organization's other signed-in tabs to read their permissions again (after a role or matrix change). */
export function signalPermissionsChanged() {
  refetchMe();
  if (channel?.state === 'joined') {
    void channel.send({ type: 'broadcast', event: EVENT, payload: {} });
    return;
  }
  // Not joined yet (the page has just loaded): join now rather than after start-up, and send once joined.
  pendingSignal = true;
  cancelStart?.();
  cancelStart = null;
  void import('../../lib/realtime').then(join);
}

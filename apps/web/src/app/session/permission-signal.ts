import type { QueryClient } from '@tanstack/react-query';
import type { RealtimeChannel } from '@supabase/realtime-js';
import { useEffect } from 'react';
import { afterStart } from './after-start';

/*
 * "Permissions changed" across the organization's signed-in tabs (decision 022). The server's own caches follow a
 * role or matrix write at once (decision 007); what a browser shows comes from `/me`, so every signed-in tab follows
 * the database's own announcements of `role_permission_matrix` and `user_roles` writes (postgres_changes; the server
 * sends each member only their own role's matrix rows and their own role rows, modules/users/users.realtime.ts) and
 * reads `/me` again when one arrives: a sidebar gains or loses an entry without signing out. No member can send the
 * nudge, and a write on any server reaches tabs on every server.
 */
const TOPIC = 'team:permissions';
const TABLES = ['role_permission_matrix', 'user_roles'] as const;

let channel: RealtimeChannel | null = null;
let cancelStart: (() => void) | null = null;
const clients = new Map<QueryClient, number>();

function refetchMe() {
  for (const qc of clients.keys()) void qc.invalidateQueries({ queryKey: ['me'] });
}

type Realtime = typeof import('../../lib/realtime');

function join({ realtime }: Realtime) {
  if (channel) return;
  let joined = realtime().channel(TOPIC);
  for (const table of TABLES) joined = joined.on('postgres_changes', { event: '*', schema: 'public', table }, refetchMe);
  // A change made before the channel was joined (or while it was reconnecting) sent nothing this tab heard: each time
  // the channel is (re)joined, `/me` is read once more.
  channel = joined.subscribe((status) => {
    if (status === 'SUBSCRIBED') refetchMe();
  });
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

/** After this tab changed a role or the matrix: its own `/me` at once (the other tabs hear it from the database). */
export function signalPermissionsChanged() {
  refetchMe();
}

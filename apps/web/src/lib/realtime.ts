import { RealtimeClient } from '@supabase/realtime-js';
import { publicConfig } from './config';
import { auth } from './supabase';

let client: RealtimeClient | null = null;

/** The realtime client of supabase-js, loaded lazily; it joins with the signed-in user's token or the anon key. */
export function realtime(): RealtimeClient {
  const { anonKey } = publicConfig();
  client ??= new RealtimeClient(`${window.location.origin.replace(/^http/, 'ws')}/realtime/v1`, {
    params: { apikey: anonKey },
    accessToken: async () => (await auth().getSession()).data.session?.access_token ?? anonKey,
  });
  return client;
}

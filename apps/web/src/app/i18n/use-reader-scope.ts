import { useEffect, useState } from 'react';
import { auth } from '../../lib/supabase';
import { sessionAfter } from '../session/offline-session';

/**
 * Whose languages and texts the shell shows (decision 010): the organization a public page names with
 * `?org=` (read once, as the page opens), else the signed-in user's organization, else the shipped set.
 * Undefined until the auth client has read its stored session, so the shell does not load one set and then another.
 */
export interface ReaderScope {
  /** Part of the query keys: changes when the reader becomes someone else. */
  key: string;
  org: string | null;
  signedIn: boolean;
}

const orgOfPage = () => new URLSearchParams(window.location.search).get('org')?.trim() || null;

export function useReaderScope(): ReaderScope | undefined {
  const [org] = useState(orgOfPage);
  const [userId, setUserId] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    // As the shell sees it: a start without a connection keeps the stored session (offline-session.ts).
    const { data } = auth().onAuthStateChange((event, session) => setUserId(sessionAfter(event, session)?.user.id ?? null));
    return () => data.subscription.unsubscribe();
  }, []);
  if (userId === undefined) return undefined;
  return { key: org ? `org:${org}` : userId ? `user:${userId}` : 'shipped', org, signedIn: userId !== null };
}

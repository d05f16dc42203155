import { auth } from '../../lib/supabase';

/** Clears local and session storage and every cookie, signs out, then goes to /auth. */
export async function logout(): Promise<void> {
  try {
    await auth().signOut();
  } catch (err) {
    console.error('Sign-out failed', err);
  }
  localStorage.clear();
  sessionStorage.clear();
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
  window.location.assign('/auth');
}

import { describe, expect, it } from 'vitest';
import { readEmailLink } from './confirm-link';

const TOKEN = 'X5OOIEAzM9e3UEEti4MZQ_EstcsmjPfQS_fwccZwqgc';

describe('the e-mailed link read from the address bar (issue 14, item 9)', () => {
  it('reads the token, the type, the address and a path of this site to go on to', () => {
    const hash = `#token_hash=${TOKEN}&type=magiclink&redirect_to=${encodeURIComponent(`${window.location.origin}/welcome?x=1`)}&email=a%40b.test`;
    expect(readEmailLink(hash)).toEqual({ tokenHash: TOKEN, type: 'magiclink', next: '/welcome?x=1', email: 'a@b.test', pkce: false });
  });

  it('knows a link sent in the PKCE flow', () => {
    expect(readEmailLink(`#token_hash=${TOKEN}&type=signup&flow_type=pkce`)?.pkce).toBe(true);
  });

  it('never goes on to another site', () => {
    const hash = `#token_hash=${TOKEN}&type=invite&redirect_to=${encodeURIComponent('https://evil.example/steal')}`;
    expect(readEmailLink(hash)?.next).toBeNull();
  });

  it('refuses a link cut short or of a type no link has', () => {
    expect(readEmailLink('')).toBeNull();
    expect(readEmailLink(`#type=invite`)).toBeNull();
    expect(readEmailLink(`#token_hash=${TOKEN}`)).toBeNull();
    expect(readEmailLink(`#token_hash=${TOKEN}&type=email`)).toBeNull();
    expect(readEmailLink(`#token_hash=short&type=invite`)).toBeNull();
  });
});

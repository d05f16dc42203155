import { describe, expect, it } from 'vitest';
import { needsPassword } from './needs-password';

describe('needsPassword', () => {
  it('asks an account without a password to choose one, unless it signs in with the operator’s provider', () => {
    expect(needsPassword({ has_password: false, app_metadata: { providers: ['email'] } } as never)).toBe(true);
    expect(needsPassword({ has_password: false, app_metadata: {} } as never)).toBe(true);
    expect(needsPassword({ has_password: false, app_metadata: { providers: ['email', 'marketid'] } } as never)).toBe(false);
    expect(needsPassword({ has_password: true, app_metadata: { providers: ['email'] } } as never)).toBe(false);
    // GoTrue itself does not send the field: such an account is taken to have a password.
    expect(needsPassword({ app_metadata: { providers: ['email'] } })).toBe(false);
  });
});

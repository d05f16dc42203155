import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { auth } from '../../lib/supabase';
import { useI18n, useT } from '../../app/i18n/i18n-provider';
import { Field, FormError, FormNotice, LinkButton, ok, PasswordField, useSubmit } from './auth-fields';
import { ProviderSignIn } from './provider-sign-in';

/** 'choose': a signed-in account without a password (just confirmed, decision 008) chooses one. */
export type Mode = 'signIn' | 'signUp' | 'forgot' | 'reset' | 'code' | 'mfa' | 'invite' | 'choose' | 'confirm';

/**
 * Where an e-mailed link leads back to, naming the page's language: the server writes the e-mail in
 * it and the link opens in it (issue 14, item 8).
 */
function useReturnUrl(): (mode?: string) => string {
  const { language } = useI18n();
  return (mode) => {
    const q = new URLSearchParams();
    if (mode) q.set('mode', mode);
    if (language) q.set('lang', language);
    const query = q.toString();
    return `${window.location.origin}/auth${query ? `?${query}` : ''}`;
  };
}

export function SignInForm({ setMode }: { setMode: (m: Mode) => void }) {
  const t = useT();
  const [usePhone, setUsePhone] = useState(false);
  const [id, setId] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, run, need } = useSubmit();
  const returnUrl = useReturnUrl();
  const submit = run(async () => {
    need(id.trim(), 'auth.error.emailOrPhoneRequired');
    need(password, 'auth.error.passwordRequired');
    const creds = usePhone ? { phone: id.trim(), password } : { email: id.trim(), password };
    await ok(auth().signInWithPassword(creds));
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormError message={error} />
      {usePhone ? (
        <Field label={t('auth.phone')} type="tel" autoComplete="tel" value={id} onChange={(e) => setId(e.target.value)} />
      ) : (
        <Field label={t('auth.email')} type="email" autoComplete="username" value={id} onChange={(e) => setId(e.target.value)} />
      )}
      <PasswordField
        label={t('auth.password')}
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Button type="submit" disabled={busy}>
        {busy ? t('auth.signingIn') : t('auth.signIn')}
      </Button>
      <div className="flex flex-wrap justify-between gap-2">
        <LinkButton onClick={() => setUsePhone((p) => !p)}>{usePhone ? t('auth.useEmail') : t('auth.usePhone')}</LinkButton>
        <LinkButton onClick={() => setMode('forgot')}>{t('auth.forgotPassword')}</LinkButton>
      </div>
      <LinkButton onClick={() => setMode('code')}>{t('auth.emailCode')}</LinkButton>
      <ProviderSignIn returnUrl={returnUrl()} />
      <p className="text-sm text-muted-foreground">
        {t('auth.noAccount')} <LinkButton onClick={() => setMode('signUp')}>{t('auth.signUp')}</LinkButton>
      </p>
    </form>
  );
}

export function SignUpForm({ setMode }: { setMode: (m: Mode) => void }) {
  const t = useT();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { language } = useI18n();
  const returnUrl = useReturnUrl();
  const { busy, error, run, need, done: sent, setDone: setSent } = useSubmit();
  const submit = run(async () => {
    need(email.trim(), 'auth.error.emailOrPhoneRequired');
    need(password, 'auth.error.passwordRequired');
    // The language is kept with the account, so later e-mails are written in it too.
    const { data } = await ok(
      auth().signUp({
        email: email.trim(),
        password,
        options: { emailRedirectTo: returnUrl(), data: language ? { language } : {} },
      }),
    );
    if (!data.session) setSent(true);
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormError message={error} />
      <FormNotice message={sent ? t('auth.checkEmailConfirmChoose') : null} />
      <Field label={t('auth.email')} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <PasswordField
        label={t('auth.password')}
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Button type="submit" disabled={busy}>
        {t('auth.createAccount')}
      </Button>
      <p className="text-sm text-muted-foreground">
        {t('auth.haveAccount')} <LinkButton onClick={() => setMode('signIn')}>{t('auth.signIn')}</LinkButton>
      </p>
    </form>
  );
}

export function ForgotForm({ setMode }: { setMode: (m: Mode) => void }) {
  const t = useT();
  const [email, setEmail] = useState('');
  const returnUrl = useReturnUrl();
  const { busy, error, run, need, done: sent, setDone: setSent } = useSubmit();
  const submit = run(async () => {
    need(email.trim(), 'auth.error.invalidEmail');
    await ok(auth().resetPasswordForEmail(email.trim(), { redirectTo: returnUrl('reset') }));
    setSent(true);
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <h2 className="font-medium">{t('auth.forgotPassword')}</h2>
      <FormError message={error} />
      <FormNotice message={sent ? t('auth.checkEmailReset') : null} />
      <Field label={t('auth.email')} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <Button type="submit" disabled={busy}>
        {t('auth.sendResetLink')}
      </Button>
      <LinkButton onClick={() => setMode('signIn')}>{t('auth.backToSignIn')}</LinkButton>
    </form>
  );
}

/**
 * A new password: after a reset link, (invite) the first password of an invited account, or (choose)
 * the password of an account whose address was just proven, whose earlier password was dropped.
 */
export function ResetForm({ onDone, invite, choose, email }: { onDone: () => void; invite?: boolean; choose?: boolean; email?: string }) {
  const t = useT();
  const [password, setPassword] = useState('');
  const { busy, error, run, need, done: saved, setDone: setSaved } = useSubmit();
  const submit = run(async () => {
    need(password, 'auth.error.passwordRequired');
    await ok(auth().updateUser({ password }));
    setSaved(true);
    setTimeout(onDone, 800);
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4"
      data-testid={invite ? 'invite-form' : choose ? 'choose-password-form' : undefined}
    >
      <h2 className="font-medium">
        {invite ? t('vendorDashboard.invite.title') : choose ? t('auth.choosePassword') : t('auth.setNewPassword')}
      </h2>
      {invite && (
        <p className="text-sm text-muted-foreground">
          {email ? t('vendorDashboard.invite.intro', { email }) : t('vendorDashboard.invite.introNoEmail')}
        </p>
      )}
      {choose && !invite && <p className="text-sm text-muted-foreground">{t('auth.choosePasswordIntro', { email: email ?? '' })}</p>}
      <FormError message={error} />
      <FormNotice message={saved ? (invite ? t('vendorDashboard.invite.saved') : t('auth.passwordUpdated')) : null} />
      <PasswordField
        label={t('auth.newPassword')}
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Button type="submit" disabled={busy || saved}>
        {t('auth.savePassword')}
      </Button>
    </form>
  );
}

/** An invitation link that signed nobody in: used already, expired, or cut short. */
export function InviteExpired({ setMode }: { setMode: (m: Mode) => void }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-4" data-testid="invite-expired">
      <h2 className="font-medium">{t('vendorDashboard.invite.title')}</h2>
      <FormError message={t('vendorDashboard.invite.expired')} />
      <LinkButton onClick={() => setMode('forgot')}>{t('auth.forgotPassword')}</LinkButton>
      <LinkButton onClick={() => setMode('signIn')}>{t('auth.backToSignIn')}</LinkButton>
    </div>
  );
}

export function CodeForm({ setMode }: { setMode: (m: Mode) => void }) {
  const t = useT();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const returnUrl = useReturnUrl();
  const { busy, error, run, need, done: sent, setDone: setSent } = useSubmit();
  const send = run(async () => {
    need(email.trim(), 'auth.error.invalidEmail');
    await ok(auth().signInWithOtp({ email: email.trim(), options: { shouldCreateUser: false, emailRedirectTo: returnUrl() } }));
    setSent(true);
  });
  const verify = run(async () => {
    await ok(auth().verifyOtp({ email: email.trim(), token: code.trim(), type: 'email' }));
  });
  return (
    <form onSubmit={sent ? verify : send} noValidate className="flex flex-col gap-4">
      <h2 className="font-medium">{t('auth.emailCode')}</h2>
      <FormError message={error} />
      <FormNotice message={sent ? t('auth.codeSent', { destination: email }) : null} />
      <Field
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        value={email}
        disabled={sent}
        onChange={(e) => setEmail(e.target.value)}
      />
      {sent && (
        <Field
          label={t('auth.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      )}
      <Button type="submit" disabled={busy}>
        {sent ? t('auth.verify') : t('auth.sendCode')}
      </Button>
      <LinkButton onClick={() => setMode('signIn')}>{t('auth.backToSignIn')}</LinkButton>
    </form>
  );
}

export function MfaForm({ onDone, setMode }: { onDone: () => void; setMode: (m: Mode) => void }) {
  const t = useT();
  const [code, setCode] = useState('');
  const { busy, error, run } = useSubmit();
  const submit = run(async () => {
    const factors = await ok(auth().mfa.listFactors());
    const factor = factors.data.totp[0];
    if (!factor) return onDone();
    await ok(auth().mfa.challengeAndVerify({ factorId: factor.id, code: code.trim() }));
    onDone();
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <h2 className="font-medium">{t('auth.mfaTitle')}</h2>
      <p className="text-sm text-muted-foreground">{t('auth.mfaPrompt')}</p>
      <FormError message={error} />
      <Field
        label={t('auth.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <Button type="submit" disabled={busy}>
        {t('auth.verify')}
      </Button>
      <LinkButton
        onClick={() => {
          void auth().signOut();
          setMode('signIn');
        }}
      >
        {t('auth.backToSignIn')}
      </LinkButton>
    </form>
  );
}

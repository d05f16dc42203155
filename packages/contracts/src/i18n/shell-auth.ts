import type { TranslationEntry } from './types.js';

/** The sign-in page (sign-in, sign-up, reset, e-mailed code, two-factor) and auth errors in words. */
export const SHELL_AUTH = {
  'auth.signIn': { en: 'Sign in', ar: 'تسجيل الدخول' },
  'auth.signingIn': { en: 'Signing in...', ar: 'جارٍ تسجيل الدخول...' },
  'auth.or': { en: 'or', ar: 'أو' },
  'auth.continueWith': { en: 'Continue with {name}', ar: 'المتابعة باستخدام {name}' },
  'auth.providerFailed': { en: 'Signing in with your provider did not work: {reason}', ar: 'تعذّر تسجيل الدخول عبر مزوّد الهوية: {reason}' },
  'auth.subtitle': { en: 'Sign in to the back office', ar: 'سجّل الدخول إلى لوحة الإدارة' },
  'auth.signUp': { en: 'Sign up', ar: 'التسجيل' },
  'auth.createAccount': { en: 'Create account', ar: 'إنشاء حساب' },
  'auth.haveAccount': { en: 'Already have an account?', ar: 'لديك حساب بالفعل؟' },
  'auth.noAccount': { en: "Don't have an account?", ar: 'ليس لديك حساب؟' },
  'auth.email': { en: 'Email', ar: 'البريد الإلكتروني' },
  'auth.phone': { en: 'Phone', ar: 'الهاتف' },
  'auth.useEmail': { en: 'Use e-mail instead', ar: 'استخدم البريد الإلكتروني بدلًا من ذلك' },
  'auth.usePhone': { en: 'Use phone instead', ar: 'استخدم الهاتف بدلًا من ذلك' },
  'auth.password': { en: 'Password', ar: 'كلمة المرور' },
  'auth.showPassword': { en: 'Show password', ar: 'إظهار كلمة المرور' },
  'auth.hidePassword': { en: 'Hide password', ar: 'إخفاء كلمة المرور' },
  'auth.forgotPassword': { en: 'Forgot password?', ar: 'نسيت كلمة المرور؟' },
  'auth.sendResetLink': { en: 'Send reset link', ar: 'إرسال رابط إعادة التعيين' },
  'auth.setNewPassword': { en: 'Set a new password', ar: 'تعيين كلمة مرور جديدة' },
  'auth.newPassword': { en: 'New password', ar: 'كلمة المرور الجديدة' },
  'auth.savePassword': { en: 'Save password', ar: 'حفظ كلمة المرور' },
  'auth.passwordUpdated': { en: 'Your password has been updated', ar: 'تم تحديث كلمة المرور' },
  'auth.choosePassword': { en: 'Choose your password', ar: 'اختر كلمة المرور' },
  'auth.choosePasswordIntro': {
    en: 'Your e-mail address is confirmed. For your safety, choose the password of {email} now: any password set before the confirmation no longer works.',
    ar: 'تم تأكيد بريدك الإلكتروني. حفاظًا على أمانك، اختر الآن كلمة مرور الحساب {email}: أي كلمة مرور عُيّنت قبل التأكيد لم تعد صالحة.',
  },
  'auth.checkEmailConfirmChoose': {
    en: 'Check your e-mail and follow the link to confirm your address; you will then choose your password.',
    ar: 'تحقّق من بريدك الإلكتروني واتبع الرابط لتأكيد عنوانك، ثم ستختار كلمة المرور.',
  },
  'auth.emailCode': { en: 'Sign in with an e-mailed code', ar: 'تسجيل الدخول برمز يُرسل إلى بريدك الإلكتروني' },
  'auth.sendCode': { en: 'Send code', ar: 'إرسال الرمز' },
  'auth.codeSent': { en: 'We sent a code to {destination}', ar: 'أرسلنا رمزًا إلى {destination}' },
  'auth.code': { en: 'Code', ar: 'الرمز' },
  'auth.verify': { en: 'Verify', ar: 'تحقّق' },
  'auth.mfaTitle': { en: 'Two-factor authentication', ar: 'المصادقة الثنائية' },
  'auth.mfaPrompt': {
    en: 'Enter the 6-digit code from your authenticator app',
    ar: 'أدخل الرمز المكوّن من 6 أرقام من تطبيق المصادقة',
  },
  'auth.backToSignIn': { en: 'Back to sign in', ar: 'العودة إلى تسجيل الدخول' },
  'auth.checkEmailReset': {
    en: 'Check your e-mail for a link to reset your password.',
    ar: 'تحقّق من بريدك الإلكتروني للحصول على رابط إعادة تعيين كلمة المرور.',
  },
  'auth.checkEmailCode': {
    en: 'Check your e-mail for the sign-in code.',
    ar: 'تحقّق من بريدك الإلكتروني للحصول على رمز تسجيل الدخول.',
  },
  'auth.checkEmailConfirm': {
    en: 'Check your e-mail to confirm your account.',
    ar: 'تحقّق من بريدك الإلكتروني لتأكيد حسابك.',
  },

  'auth.error.invalidCredentials': { en: 'Invalid login credentials', ar: 'بيانات تسجيل الدخول غير صحيحة' },
  'auth.error.weakPassword': { en: 'Password is too weak', ar: 'كلمة المرور ضعيفة جدًا' },
  'auth.error.weakPasswordReasons': { en: 'Password is too weak: {reasons}', ar: 'كلمة المرور ضعيفة جدًا: {reasons}' },
  // The reason names are GoTrue's WeakPasswordReasons, so `auth.error.weakReason.${reason}` resolves directly.
  'auth.error.weakReason.length': { en: 'at least {min} characters', ar: '{min} أحرف على الأقل' },
  'auth.error.weakReason.characters': { en: 'a mix of letters, digits and symbols', ar: 'مزيج من الحروف والأرقام والرموز' },
  'auth.error.weakReason.pwned': { en: 'too common', ar: 'شائعة جدًا' },
  'auth.error.weakReason.strength': {
    en: 'too easy to guess (avoid repeats, keyboard rows and your own name)',
    ar: 'سهلة التخمين (تجنّب التكرار وصفوف لوحة المفاتيح واسمك)',
  },
  'auth.error.samePassword': {
    en: 'The new password must differ from the old one',
    ar: 'يجب أن تختلف كلمة المرور الجديدة عن القديمة',
  },
  'auth.error.tooManyAttempts': {
    en: 'Too many attempts, try again in {minutes} minutes',
    ar: 'محاولات كثيرة جدًا، حاول مرة أخرى بعد {minutes} دقيقة',
  },
  'auth.error.emailNotConfirmed': {
    en: 'Please confirm your e-mail address first',
    ar: 'يرجى تأكيد عنوان بريدك الإلكتروني أولًا',
  },
  'auth.error.sessionMissing': { en: 'Auth session missing!', ar: 'جلسة المصادقة مفقودة!' },
  'auth.error.sessionExpired': {
    en: 'Your session has expired, please sign in again',
    ar: 'انتهت صلاحية جلستك، يرجى تسجيل الدخول مرة أخرى',
  },
  'auth.error.invalidSession': {
    en: 'Your session is invalid, please sign in again',
    ar: 'جلستك غير صالحة، يرجى تسجيل الدخول مرة أخرى',
  },
  'auth.error.invalidCode': { en: 'Invalid or expired code', ar: 'الرمز غير صالح أو منتهي الصلاحية' },
  'auth.error.userExists': {
    en: 'A user with this e-mail address already exists',
    ar: 'يوجد مستخدم بعنوان البريد الإلكتروني هذا بالفعل',
  },
  'auth.error.emailOrPhoneRequired': {
    en: 'Enter an e-mail address or a phone number',
    ar: 'أدخل عنوان بريد إلكتروني أو رقم هاتف',
  },
  'auth.error.invalidEmail': { en: 'Enter a valid e-mail address', ar: 'أدخل عنوان بريد إلكتروني صالحًا' },
  'auth.error.passwordRequired': { en: 'Enter a password', ar: 'أدخل كلمة المرور' },
  'auth.error.network': { en: 'Network error, try again', ar: 'خطأ في الشبكة، حاول مرة أخرى' },
  'auth.error.serviceUnavailable': {
    en: 'The sign-in service is temporarily unavailable, try again',
    ar: 'خدمة تسجيل الدخول غير متاحة مؤقتًا، حاول مرة أخرى',
  },
  'auth.error.generic': { en: 'Something went wrong, try again', ar: 'حدث خطأ ما، حاول مرة أخرى' },
  // The page an e-mailed link opens (issue 14, item 9): it says what will happen; only its button spends the link.
  'auth.link.signup.title': { en: 'Confirm your e-mail address', ar: 'تأكيد عنوان بريدك الإلكتروني' },
  'auth.link.signup.intro': {
    en: 'Confirm {email} as the address of your account. You will then choose your password.',
    ar: 'أكّد {email} عنوانًا لحسابك، ثم اختر كلمة المرور.',
  },
  'auth.link.signup.action': { en: 'Confirm my address', ar: 'تأكيد عنواني' },
  'auth.link.magiclink.title': { en: 'Sign in with your e-mailed link', ar: 'تسجيل الدخول بالرابط المرسل إلى بريدك' },
  'auth.link.magiclink.intro': { en: 'Sign in as {email}.', ar: 'سجّل الدخول باسم {email}.' },
  'auth.link.magiclink.action': { en: 'Sign in', ar: 'تسجيل الدخول' },
  'auth.link.invite.title': { en: 'Accept the invitation', ar: 'قبول الدعوة' },
  'auth.link.invite.intro': {
    en: 'You were invited to an account for {email}. Accept the invitation, then choose your password.',
    ar: 'تلقيت دعوة إلى حساب باسم {email}. اقبل الدعوة ثم اختر كلمة المرور.',
  },
  'auth.link.invite.action': { en: 'Accept the invitation and choose a password', ar: 'قبول الدعوة واختيار كلمة المرور' },
  'auth.link.recovery.title': { en: 'Reset your password', ar: 'إعادة تعيين كلمة المرور' },
  'auth.link.recovery.intro': {
    en: 'Reset the password of {email}: you choose the new one next.',
    ar: 'أعد تعيين كلمة مرور {email}: ستختار كلمة المرور الجديدة في الخطوة التالية.',
  },
  'auth.link.recovery.action': { en: 'Choose a new password', ar: 'اختيار كلمة مرور جديدة' },
  'auth.link.email_change.title': { en: 'Confirm your new e-mail address', ar: 'تأكيد عنوان بريدك الإلكتروني الجديد' },
  'auth.link.email_change.intro': {
    en: 'Make {email} the address of your account.',
    ar: 'اجعل {email} عنوان البريد الإلكتروني لحسابك.',
  },
  'auth.link.email_change.action': { en: 'Confirm the new address', ar: 'تأكيد العنوان الجديد' },
  'auth.link.noEmail': { en: 'the address this link was sent to', ar: 'العنوان الذي أُرسل إليه هذا الرابط' },
  'auth.link.note': {
    en: 'Nothing happens until you press the button.',
    ar: 'لن يحدث شيء قبل أن تضغط الزر.',
  },
  'auth.link.working': { en: 'One moment...', ar: 'لحظة من فضلك...' },
  'auth.link.invalid': {
    en: 'This link is incomplete. Open it again from the e-mail, or ask for a new one.',
    ar: 'هذا الرابط غير مكتمل. افتحه مرة أخرى من الرسالة أو اطلب رابطًا جديدًا.',
  },
  'auth.link.expired': {
    en: 'This link has expired or was already used. Ask for a new one.',
    ar: 'انتهت صلاحية هذا الرابط أو سبق استخدامه. اطلب رابطًا جديدًا.',
  },
} satisfies Record<string, TranslationEntry>;

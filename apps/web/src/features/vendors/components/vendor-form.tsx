import type { ReactNode } from 'react';
import { FormField, fieldClass } from '../../../components/ui/form-dialog';
import { fieldError } from '../../../lib/api-errors';
import { useI18n } from '../../../app/i18n/i18n-provider';
import type { Vendor, VendorUpdate } from '../vendors-api';
import { formatLocale } from '../../../app/i18n/locale-format';

const TEXT = [
  'publicName',
  'legalName',
  'contactName',
  'email',
  'phone',
  'address',
  'website',
  'descriptionEn',
  'descriptionAr',
  'dateOfBirth',
  'guardianName',
  'guardianPhone',
  'guardianEmail',
  'school',
] as const;
const SOCIAL = ['instagram', 'facebook', 'tiktok', 'x'] as const;
const REGISTRATION = ['commercialRegistration', 'taxNumber', 'licenceNumber'] as const;
const JUNIOR = new Set<string>(['dateOfBirth', 'guardianName', 'guardianPhone', 'guardianEmail', 'school']);

export type VendorFormState = Record<(typeof TEXT)[number] | (typeof SOCIAL)[number] | (typeof REGISTRATION)[number], string> & {
  guardianConsentAt: string;
};

export const emptyVendorForm = (): VendorFormState =>
  Object.fromEntries([...TEXT, ...SOCIAL, ...REGISTRATION, 'guardianConsentAt'].map((k) => [k, ''])) as VendorFormState;

export function vendorToForm(v: Vendor): VendorFormState {
  const f = emptyVendorForm();
  for (const k of TEXT) f[k] = v[k] ?? '';
  for (const k of SOCIAL) f[k] = v.social[k] ?? '';
  for (const k of REGISTRATION) f[k] = v.registrationNumbers[k] ?? '';
  f.guardianConsentAt = v.guardianConsentAt ?? '';
  return f;
}

/** The request body of a form: blank text is sent as null (cleared); junior fields only for junior vendors. */
export function formToBody(f: VendorFormState, junior: boolean): VendorUpdate {
  const body: Record<string, unknown> = {};
  for (const k of TEXT) {
    if (!junior && JUNIOR.has(k)) continue;
    body[k] = f[k].trim() === '' ? null : f[k].trim();
  }
  body.publicName = f.publicName;
  body.social = Object.fromEntries(SOCIAL.filter((k) => f[k].trim()).map((k) => [k, f[k].trim()]));
  body.registrationNumbers = Object.fromEntries(REGISTRATION.filter((k) => f[k].trim()).map((k) => [k, f[k].trim()]));
  if (junior) body.guardianConsentAt = f.guardianConsentAt || null;
  return body as VendorUpdate;
}

/** The fields of a vendor, grouped; `full` adds description, social links and registration numbers. */
export function VendorFields({
  form,
  onChange,
  error,
  junior,
  full,
}: {
  form: VendorFormState;
  onChange: (f: VendorFormState) => void;
  error: unknown;
  junior: boolean;
  full?: boolean;
}) {
  const { t, language } = useI18n();
  const text = (
    k: keyof VendorFormState,
    opts: { type?: string; dir?: 'ltr' | 'rtl'; required?: boolean; max?: number; err?: string } = {},
  ) => (
    <FormField label={t(`vendors.field.${k}`) + (opts.required ? ' *' : '')} error={fieldError(error, opts.err ?? k)}>
      {(p) => (
        <input
          {...p}
          type={opts.type ?? 'text'}
          dir={opts.dir}
          className={fieldClass}
          value={form[k]}
          maxLength={opts.max ?? 200}
          onChange={(e) => onChange({ ...form, [k]: e.target.value })}
        />
      )}
    </FormField>
  );
  const area = (k: 'descriptionEn' | 'descriptionAr', dir: 'ltr' | 'rtl') => (
    <FormField label={t(`vendors.field.${k}`)} error={fieldError(error, k)} className="sm:col-span-2">
      {(p) => (
        <textarea
          {...p}
          dir={dir}
          className={`${fieldClass} h-20 py-2`}
          value={form[k]}
          maxLength={5000}
          onChange={(e) => onChange({ ...form, [k]: e.target.value })}
        />
      )}
    </FormField>
  );
  return (
    <div className="flex flex-col gap-5">
      <Group title={t('vendors.group.business')}>
        {text('publicName', { required: true })}
        {text('legalName')}
        {text('contactName')}
        {text('email', { type: 'email', dir: 'ltr', max: 320 })}
        {text('phone', { type: 'tel', dir: 'ltr', max: 30 })}
        {text('website', { type: 'url', dir: 'ltr', max: 2000 })}
        <div className="sm:col-span-2">{text('address', { max: 500 })}</div>
      </Group>
      {junior && (
        <Group title={t('vendors.group.junior')} hint={t('vendors.junior.hint')}>
          {text('dateOfBirth', { type: 'date', dir: 'ltr', required: true })}
          {text('school')}
          {text('guardianName', { required: true })}
          {text('guardianPhone', { type: 'tel', dir: 'ltr', max: 30, required: true })}
          {text('guardianEmail', { type: 'email', dir: 'ltr', max: 320, required: true })}
          <FormField label={t('vendors.field.guardianConsentAt') + ' *'} error={fieldError(error, 'guardianConsentAt')}>
            {(p) => (
              <span className="flex min-h-9 flex-col justify-center gap-1">
                <label className="flex items-center gap-2">
                  <input
                    {...p}
                    type="checkbox"
                    className="size-4"
                    checked={!!form.guardianConsentAt}
                    onChange={(e) => onChange({ ...form, guardianConsentAt: e.target.checked ? new Date().toISOString() : '' })}
                  />
                  {t('vendors.junior.consent')}
                </label>
                {form.guardianConsentAt && (
                  <span className="text-xs text-muted-foreground">
                    {t('vendors.junior.consentAt', { date: new Date(form.guardianConsentAt).toLocaleString(formatLocale(language)) })}
                  </span>
                )}
              </span>
            )}
          </FormField>
        </Group>
      )}
      {full && (
        <>
          <Group title={t('vendors.group.description')}>
            {area('descriptionEn', 'ltr')}
            {area('descriptionAr', 'rtl')}
          </Group>
          <Group title={t('vendors.group.social')}>
            {SOCIAL.map((k) => (
              <div key={k}>{text(k, { dir: 'ltr', max: 300, err: `social.${k}` })}</div>
            ))}
          </Group>
          <Group title={t('vendors.group.registration')}>
            {REGISTRATION.map((k) => (
              <div key={k}>{text(k, { dir: 'ltr', max: 100, err: `registrationNumbers.${k}` })}</div>
            ))}
          </Group>
        </>
      )}
    </div>
  );
}

function Group({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-semibold">{title}</legend>
      {hint && <p className="-mt-1 text-xs text-muted-foreground">{hint}</p>}
      <div className="grid gap-3 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

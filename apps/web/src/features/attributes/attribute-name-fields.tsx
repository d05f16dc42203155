import { TextField } from '../../components/ui/form-dialog';
import { useT } from '../../app/i18n/i18n-provider';

/** The code of an attribute or a family: letters, digits, `_ . -`, fixed width, never translated. */
export function CodeField({
  value,
  onChange,
  error,
  className,
}: {
  value: string;
  onChange: (code: string) => void;
  error?: string;
  className?: string;
}) {
  const t = useT();
  return (
    <TextField
      label={t('attributes.field.code')}
      hint={t('attributes.codeHint')}
      error={error}
      className={className}
      dir="ltr"
      maxLength={64}
      autoComplete="off"
      value={value}
      onValueChange={onChange}
    />
  );
}

/** The English and Arabic names of an attribute or a family. */
export function NameFields({
  nameEn,
  nameAr,
  onChange,
  errors,
}: {
  nameEn: string;
  nameAr: string;
  onChange: (patch: { nameEn?: string; nameAr?: string }) => void;
  errors: { nameEn?: string; nameAr?: string };
}) {
  const t = useT();
  return (
    <>
      <TextField
        label={t('attributes.field.nameEn')}
        error={errors.nameEn}
        dir="ltr"
        maxLength={120}
        value={nameEn}
        onValueChange={(v) => onChange({ nameEn: v })}
      />
      <TextField
        label={t('attributes.field.nameAr')}
        error={errors.nameAr}
        dir="rtl"
        lang="ar"
        maxLength={120}
        value={nameAr}
        onValueChange={(v) => onChange({ nameAr: v })}
      />
    </>
  );
}

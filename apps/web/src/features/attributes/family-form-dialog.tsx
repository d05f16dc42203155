import { useState } from 'react';
import { toast } from 'sonner';
import { FormDialogForm } from '../../components/ui/form-dialog';
import { errorMessage, fieldErrors, hasFieldErrors } from '../../lib/api-errors';
import { useT } from '../../app/i18n/i18n-provider';
import { CodeField, NameFields } from './attribute-name-fields';
import { attributeErrorWords, useAttributes, useCreateFamily, useUpdateFamily, type AttributeFamily } from './attributes-api';
import { FamilyMembersPicker, type Member } from './family-members-picker';
import { useDialogSave } from '../../lib/use-dialog-save';

/** Adds or changes an attribute family: names and which attributes, in order, with which required. */
export function FamilyFormDialog({
  open,
  onOpenChange,
  family,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  family: AttributeFamily | null;
}) {
  const t = useT();
  const attributes = useAttributes();
  const create = useCreateFamily();
  const update = useUpdateFamily();
  const [form, setForm] = useState({ code: '', nameEn: '', nameAr: '' });
  const [members, setMembers] = useState<Member[]>([]);
  const [local, setLocal] = useState<Record<string, string>>({});
  const save = useDialogSave(open, family, create, update, (family) => {
    setLocal({});
    setForm(family ? { code: family.code, nameEn: family.nameEn, nameAr: family.nameAr } : { code: '', nameEn: '', nameAr: '' });
    setMembers(family ? family.attributes.map((a) => ({ attributeId: a.attributeId, required: a.required })) : []);
  });

  const words = attributeErrorWords(t);
  const server = fieldErrors(save.error, words.field);
  const err = (f: string) => local[f] ?? server[f];
  // Members have no input of their own to show a message under, so their refusals are said under the form.
  const general = save.error && !hasFieldErrors(save.error, ['code', 'nameEn', 'nameAr']) ? errorMessage(t, save.error, words) : null;

  const submit = () => {
    const errors: Record<string, string> = {};
    for (const f of ['code', 'nameEn', 'nameAr'] as const) if (!form[f].trim()) errors[f] = t('attributes.error.required');
    setLocal(errors);
    if (Object.keys(errors).length) return;
    const body = { code: form.code.trim(), nameEn: form.nameEn.trim(), nameAr: form.nameAr.trim(), attributes: members };
    const done = (f: AttributeFamily) => {
      toast.success(t(family ? 'attributes.families.toast.updated' : 'attributes.families.toast.created', { code: f.code }));
      onOpenChange(false);
    };
    if (family) update.mutate({ id: family.id, body, expectedUpdatedAt: family.updatedAt }, { onSuccess: done });
    else create.mutate(body, { onSuccess: done });
  };

  return (
    <FormDialogForm
      open={open}
      onOpenChange={onOpenChange}
      wide
      title={family ? t('attributes.families.editTitle', { code: family.code }) : t('attributes.families.addTitle')}
      description={t('attributes.families.formDescription')}
      pending={save.isPending}
      submitLabel={save.isPending ? t('attributes.saving') : t('attributes.save')}
      cancelLabel={t('common.cancel')}
      onSubmit={submit}
    >
      <CodeField value={form.code} onChange={(code) => setForm({ ...form, code })} error={err('code')} className="sm:col-span-2" />
      <NameFields
        nameEn={form.nameEn}
        nameAr={form.nameAr}
        onChange={(patch) => setForm({ ...form, ...patch })}
        errors={{ nameEn: err('nameEn'), nameAr: err('nameAr') }}
      />
      {attributes.isPending && <p className="text-sm text-muted-foreground sm:col-span-2">{t('common.loading')}</p>}
      {attributes.error && (
        <p role="alert" className="text-sm text-destructive sm:col-span-2">
          {t('attributes.loadFailed')}
        </p>
      )}
      {attributes.data && <FamilyMembersPicker attributes={attributes.data} members={members} onChange={setMembers} />}
      {general && (
        <p role="alert" className="text-sm text-destructive sm:col-span-2">
          {general}
        </p>
      )}
    </FormDialogForm>
  );
}

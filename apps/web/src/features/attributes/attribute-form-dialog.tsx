import { useState } from 'react';
import { toast } from 'sonner';
import { FormDialogForm, FormField, fieldClass } from '../../components/ui/form-dialog';
import { errorMessage, fieldErrors, hasFieldErrors } from '../../lib/api-errors';
import { useI18n } from '../../app/i18n/i18n-provider';
import {
  createBody,
  draftOf,
  isLocalizable,
  isSelect,
  newOption,
  TYPES,
  updateBody,
  type AttributeDraft,
  type AttributeType,
} from './attribute-form-state';
import { CodeField, NameFields } from './attribute-name-fields';
import { AttributeOptionsEditor } from './attribute-options-editor';
import { AttributeValidationFields } from './attribute-validation-fields';
import { attributeErrorWords, useCreateAttribute, useUnitsForAttributes, useUpdateAttribute, type Attribute } from './attributes-api';
import { useDialogSave } from '../../lib/use-dialog-save';

/** Adds an attribute (its type fixed from then on) or changes names, options, unit and rules. */
export function AttributeFormDialog({
  open,
  onOpenChange,
  attribute,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  attribute: Attribute | null;
}) {
  const { t, language } = useI18n();
  const create = useCreateAttribute();
  const update = useUpdateAttribute();
  const [d, setD] = useState<AttributeDraft>(() => draftOf(null));
  const [local, setLocal] = useState<Record<string, string>>({});
  const units = useUnitsForAttributes(open && d.type === 'measurement');
  const save = useDialogSave(open, attribute, create, update, (attribute) => {
    setLocal({});
    setD(draftOf(attribute));
  });

  const words = attributeErrorWords(t);
  // The server's messages by exact path (`options.2.code`), each shown under its own input.
  const server = fieldErrors(save.error, words.field);
  const err = (f: string) => local[f] ?? server[f];
  // A refusal that names no field, or a field the form has no input for, is said under the form.
  const general =
    save.error && (!hasFieldErrors(save.error) || hasFieldErrors(save.error, ['body', 'type'])) ? errorMessage(t, save.error, words) : null;
  const setType = (type: AttributeType) =>
    setD({ ...d, type, rules: {}, options: isSelect(type) && !d.options.length ? [newOption()] : d.options });

  const submit = () => {
    const errors: Record<string, string> = {};
    for (const f of ['code', 'nameEn', 'nameAr'] as const) if (!d[f].trim()) errors[f] = t('attributes.error.required');
    if (isSelect(d.type) && !d.options.length) errors.options = t('attributes.error.needsOption');
    if (d.type === 'measurement' && !d.unitId) errors.unitId = t('attributes.error.unitRequired');
    setLocal(errors);
    if (Object.keys(errors).length) return;
    const done = (a: Attribute) => {
      toast.success(t(attribute ? 'attributes.toast.updated' : 'attributes.toast.created', { code: a.code }));
      onOpenChange(false);
    };
    if (attribute) update.mutate({ id: attribute.id, body: updateBody(d), expectedUpdatedAt: attribute.updatedAt }, { onSuccess: done });
    else create.mutate(createBody(d), { onSuccess: done });
  };

  return (
    <FormDialogForm
      open={open}
      onOpenChange={onOpenChange}
      wide
      title={attribute ? t('attributes.editTitle', { code: attribute.code }) : t('attributes.addTitle')}
      description={t('attributes.formDescription')}
      pending={save.isPending}
      submitLabel={save.isPending ? t('attributes.saving') : t('attributes.save')}
      cancelLabel={t('common.cancel')}
      onSubmit={submit}
    >
      <CodeField value={d.code} onChange={(code) => setD({ ...d, code })} error={err('code')} />
      <FormField label={t('attributes.field.type')} hint={attribute ? t('attributes.typeFixed') : undefined} error={err('type')}>
        {(p) => (
          <select
            {...p}
            className={fieldClass}
            value={d.type}
            disabled={!!attribute}
            onChange={(e) => setType(e.target.value as AttributeType)}
          >
            {TYPES.map((ty) => (
              <option key={ty} value={ty}>
                {t(`attributes.type.${ty}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <NameFields
        nameEn={d.nameEn}
        nameAr={d.nameAr}
        onChange={(patch) => setD({ ...d, ...patch })}
        errors={{ nameEn: err('nameEn'), nameAr: err('nameAr') }}
      />
      {isLocalizable(d.type) && (
        <label className="flex items-center gap-2 text-sm sm:col-span-2">
          <input type="checkbox" checked={d.localizable} onChange={(e) => setD({ ...d, localizable: e.target.checked })} />
          {t('attributes.field.localizable')}
          <span className="text-muted-foreground">— {t('attributes.localizableHint')}</span>
        </label>
      )}
      {d.type === 'measurement' && (
        <FormField
          label={t('attributes.field.unit')}
          error={err('unitId')}
          hint={units.error ? t('attributes.unitsUnavailable') : units.data?.length === 0 ? t('attributes.noUnits') : undefined}
        >
          {(p) => (
            <select
              {...p}
              className={fieldClass}
              value={d.unitId}
              disabled={!units.data}
              onChange={(e) => setD({ ...d, unitId: e.target.value })}
            >
              <option value="">{units.isPending ? t('common.loading') : t('attributes.chooseUnit')}</option>
              {units.data?.map((u) => (
                <option key={u.id} value={u.id}>{`${u.symbol} — ${language === 'ar' ? u.nameAr : u.nameEn}`}</option>
              ))}
            </select>
          )}
        </FormField>
      )}
      {isSelect(d.type) && (
        <AttributeOptionsEditor
          options={d.options}
          onChange={(options) => setD({ ...d, options })}
          errors={server}
          localError={local.options}
        />
      )}
      <AttributeValidationFields type={d.type} rules={d.rules} onChange={(rules) => setD({ ...d, rules })} errors={server} />
      {general && (
        <p role="alert" className="text-sm text-destructive sm:col-span-2">
          {general}
        </p>
      )}
    </FormDialogForm>
  );
}

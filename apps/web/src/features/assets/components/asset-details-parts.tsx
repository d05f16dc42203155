import { X } from 'lucide-react';
import { Link } from 'react-router';
import { MAX_ASSET_TAG_LENGTH } from '@market/contracts/plain';
import { Button } from '../../../components/ui/button';
import { fieldClass, FormField } from '../../../components/ui/form-dialog';
import { useT } from '../../../app/i18n/i18n-provider';
import type { AssetDetail } from '../assets-api';

/** The asset's tags, each removable, and an input that adds the typed tag (lower case) on Enter, a comma or the button. */
export function AssetTagsField({
  tags,
  onTags,
  draft,
  onDraft,
  error,
}: {
  tags: string[];
  onTags: (tags: string[]) => void;
  draft: string;
  onDraft: (draft: string) => void;
  error?: string;
}) {
  const t = useT();
  const addTag = () => {
    const v = draft.trim().toLowerCase();
    if (v && !tags.includes(v)) onTags([...tags, v]);
    onDraft('');
  };
  return (
    <FormField label={t('assets.tags')} hint={t('assets.tagsHint')} error={error}>
      {(p) => (
        <div className="flex flex-col gap-2">
          <ul className="flex flex-wrap gap-1">
            {tags.map((tg) => (
              <li key={tg} className="flex items-center gap-1 rounded-full bg-muted px-2 py-0.5 text-xs">
                <span dir="auto">{tg}</span>
                <button type="button" aria-label={t('assets.removeTag', { tag: tg })} onClick={() => onTags(tags.filter((x) => x !== tg))}>
                  <X className="size-3" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
          <div className="flex gap-2">
            <input
              {...p}
              dir="auto"
              className={fieldClass}
              value={draft}
              maxLength={MAX_ASSET_TAG_LENGTH}
              onChange={(e) => onDraft(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ',') {
                  e.preventDefault();
                  addTag();
                }
              }}
            />
            <Button variant="outline" size="sm" onClick={addTag}>
              {t('assets.addTag')}
            </Button>
          </div>
        </div>
      )}
    </FormField>
  );
}

/** The products that use the asset, each a link to its page, with how they use it. */
export function AssetWhereUsed({ usedBy }: { usedBy: AssetDetail['usedBy'] }) {
  const t = useT();
  return (
    <section>
      <h3 className="mb-1 text-sm font-semibold">{t('assets.whereUsed')}</h3>
      {usedBy.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('assets.notUsed')}</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm" data-testid="asset-where-used">
          {usedBy.map((u) => (
            <li key={u.productId}>
              <Link to={`/products/${u.productId}`} className="text-primary hover:underline">
                {u.sku} · <bdi>{u.nameEn}</bdi>
                {u.nameAr && (
                  <>
                    {' · '}
                    <bdi lang="ar" dir="rtl">
                      {u.nameAr}
                    </bdi>
                  </>
                )}
              </Link>{' '}
              <span className="text-xs text-muted-foreground">({u.usedAs.map((k) => t(`assets.usedAs.${k}`)).join(', ')})</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

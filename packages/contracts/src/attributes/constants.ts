// Zod-free: the attribute types and limits forms need, re-exported by `@market/contracts/plain`.
export const ATTRIBUTE_TYPES = [
  'text',
  'long_text',
  'number',
  'boolean',
  'single_select',
  'multi_select',
  'date',
  'price',
  'measurement',
  'media',
] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];
export const SELECT_TYPES: readonly AttributeType[] = ['single_select', 'multi_select'];
export const LOCALIZABLE_TYPES: readonly AttributeType[] = ['text', 'long_text'];
export const MAX_OPTIONS = 200;
export const MAX_FAMILY_ATTRIBUTES = 200;

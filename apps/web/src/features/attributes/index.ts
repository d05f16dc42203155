// The attribute tabs of the master data page.
export { AttributeFamiliesTab } from './attribute-families-tab';
export { AttributesTab } from './attributes-tab';

/** The vendor document types a category may require (the contract's set; listed here so no schema code reaches the bundle). */
export const DOCUMENT_TYPES = ['insurance', 'permit', 'licence', 'id', 'food_hygiene'] as const;

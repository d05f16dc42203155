// Routes of the catalogue master data: attributes with options and validation, attribute families.
export {};

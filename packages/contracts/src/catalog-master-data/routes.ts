// Routes of the catalogue master data: category tree, brands, units, tax classes and rates, currencies.
export {};

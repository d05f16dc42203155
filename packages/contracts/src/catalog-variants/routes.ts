// Routes of product variants (built with the variants area).
export {};

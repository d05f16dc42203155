// Routes of the asset library (built with the assets area).
export {};

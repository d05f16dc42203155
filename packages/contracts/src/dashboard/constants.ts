// Zod-free: the dashboard's fixed windows, shared by the server's queries and the web's captions.
/** Weeks shown by the dashboard's weekly charts (the current week and the eleven before it). */
export const DASHBOARD_WEEKS = 12;
/** Sales channels listed on the catalogue card, by name. */
export const DASHBOARD_CHANNELS = 5;
/** Vendor documents expiring within this many days are listed on the dashboard. */
export const DASHBOARD_EXPIRY_DAYS = 30;

// The table service (/rest/v1): the Supabase-client table reads and the profile write the shell makes (decision 028).
export { restRoutes } from './rest.routes.js';

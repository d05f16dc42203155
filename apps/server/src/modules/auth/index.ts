// The auth service (/auth/v1), and the invitation an approved application sends its applicant.
export { authRoutes } from './auth.routes.js';
export { inviteInTransaction } from './auth.admin-links.js';
export { makeDeps } from './auth.deps.js';
export { findUserByEmail } from './auth.repository.js';

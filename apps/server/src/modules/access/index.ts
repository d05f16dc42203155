// What the rest of the server uses of access: a session's liveness and the user's permissions.
export { findLiveSession, textArray } from './access.repository.js';
export { loadAccess, userMfaEnrollmentRequired } from './access.service.js';

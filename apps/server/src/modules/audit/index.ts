// The audit log every write records into, in the write's own transaction.
export { recordAudit, recordAudits, type AuditBy, type AuditChange } from './audit.service.js';

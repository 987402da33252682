export { AuditLogButton } from './ui/AuditLogButton';
export { AuditTab } from './ui/AuditTab';

/** The Verlauf tab and the button that opens a record's history from the other back-office tabs. */
export { AuditLogButton } from './ui/AuditLogButton';
export { AuditTab } from './ui/AuditTab';

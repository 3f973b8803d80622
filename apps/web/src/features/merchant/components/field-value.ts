// Shared with the server's exports of change records.
export { describeChange, formatFieldValue } from '@merchant/contracts';

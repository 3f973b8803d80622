/** Phone mask (spec §5): keeps the first 3 and last 4 digits, e.g. 138****5678 — the server's own rule. */
export { isMaskedPhone, maskPhone } from '@merchant/contracts';

// Certificate numbers of a merchant's subject (settle-apply, change requests, merchant information): the
// subject types, the check digits of the resident ID number and the unified social credit code, and the mask
// lists and exports show.

export const SUBJECT_TYPES = { person: '个人/个体工商户', business: '企业' } as const;
export type SubjectType = keyof typeof SUBJECT_TYPES;
export const CERT_LABELS: Record<SubjectType, string> = { person: '身份证号码', business: '统一社会信用代码' };

/** Chinese resident ID number (18 digits, GB 11643 check digit, real birth date). */
export function idCardCheckDigit(first17: string): string {
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * w[i];
  return '10X98765432'[sum % 11];
}
export function isValidIdCardNo(no: string): boolean {
  const s = no.trim().toUpperCase();
  if (!/^[1-9]\d{16}[\dX]$/.test(s)) return false;
  const y = Number(s.slice(6, 10));
  const m = Number(s.slice(10, 12));
  const d = Number(s.slice(12, 14));
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false;
  return idCardCheckDigit(s) === s[17];
}

/** Unified social credit code (18 characters, GB 32100 check character). */
const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
export function creditCodeCheckChar(first17: string): string {
  const w = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CREDIT_CHARS.indexOf(first17[i]) * w[i];
  return CREDIT_CHARS[(31 - (sum % 31)) % 31];
}
export function isValidCreditCode(code: string): boolean {
  const s = code.trim().toUpperCase();
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(s)) return false;
  return creditCodeCheckChar(s) === s[17];
}

/** Keeps the first 4 and last 4 characters of a certificate number. */
export function maskCertNo(no: string): string {
  if (!no) return '';
  return no.length > 8 ? `${no.slice(0, 4)}${'*'.repeat(no.length - 8)}${no.slice(-4)}` : no;
}

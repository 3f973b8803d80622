/** Phone mask (spec §5): keeps the first 3 and last 4 digits, e.g. 138****5678. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const s = String(phone).trim();
  if (s.length <= 7) return s;
  return `${s.slice(0, 3)}${'*'.repeat(s.length - 7)}${s.slice(-4)}`;
}

/** Phone mask (spec §5): keeps the first 3 and the last 4 digits. */
export function maskPhone(phone: string): string {
  if (!phone) return '';
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone;
}

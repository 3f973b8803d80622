/**
 * Where a visitor may be sent back after signing in: same-origin pages under /website only
 * (no open redirect, no loop back to a public page).
 */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target) return null;
  if (!target.startsWith('/website')) return null;
  if (target.includes('\\') || target.startsWith('//')) return null;
  return target;
}

import { UI_SIZES } from '@merchant/contracts';
import type { ChannelOption, ChannelResponse, UserInfo } from '@merchant/contracts/permission/session';

/** 0: no picker; 1: channel multi-select; 2: site multi-select (spec §5). */
export type PickerMode = 0 | 1 | 2;

export function pickerMode(channels: ChannelResponse | null, user: UserInfo | null): PickerMode {
  if (!channels?.haveFlag) return 0;
  return user?.ability?.useSite ? 2 : 1;
}

export function pickerOptions(channels: ChannelResponse | null, mode: PickerMode): ChannelOption[] {
  if (!channels || mode === 0) return [];
  return (mode === 1 ? channels.selectList : channels.siteList) ?? [];
}

/** Spec §5: a stored choice longer than the list of available options is discarded. */
export function normalizeStoredChoice(stored: ChannelOption[] | null, options: ChannelOption[]): ChannelOption[] | null {
  if (!stored || !Array.isArray(stored)) return null;
  if (stored.length > options.length) return null;
  return stored;
}

/** The last confirmed choice: the stored one, or every option when none is stored. */
export function confirmedCodes(stored: ChannelOption[] | null, options: ChannelOption[]): string[] {
  const kept = normalizeStoredChoice(stored, options);
  return (kept ?? options).map((o) => o.code);
}

export function sameChoice(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((c) => set.has(c));
}

export function allSelected(selected: string[], options: ChannelOption[]): boolean {
  return options.length > 0 && options.every((o) => selected.includes(o.code));
}

/** Select-all toggles between every option and none (spec §4). */
export function toggleAll(selected: string[], options: ChannelOption[]): string[] {
  return allSelected(selected, options) ? [] : options.map((o) => o.code);
}

/**
 * The select-all button's words, everywhere (channel and site pickers, menu grants): spec §4
 * "the button reads select all or deselect all depending on whether all are chosen".
 */
export function selectAllLabel(allChosen: boolean): '全选' | '取消全选' {
  return allChosen ? '取消全选' : '全选';
}

export function toggleAllLabel(selected: string[], options: ChannelOption[]): string {
  return selectAllLabel(allSelected(selected, options));
}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** Popover height: 32 px per option plus 4, between 132 and 260 (spec §9). */
export function popoverHeight(optionCount: number): number {
  return clamp(optionCount * UI_SIZES.popoverPerOption + UI_SIZES.popoverExtra, UI_SIZES.popoverMinHeight, UI_SIZES.popoverMaxHeight);
}

/** The rows' scroll area inside that box: the box less its own 2 + 2 px padding (32 px a row, 8 rows at 260). */
export function popoverListHeight(optionCount: number): number {
  return popoverHeight(optionCount) - UI_SIZES.popoverExtra;
}

/** Character units: a CJK / full-width character counts 1, any other character half. */
export function charUnits(text: string): number {
  let units = 0;
  for (const ch of text)
    units += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(ch) ? 1 : 0.5;
  return units;
}

/** Selector / cascader width: 14 px per character unit, between 50 and 300 px (spec §9). */
export function selectorWidth(text: string, extraUnits = 0): number {
  return clamp(Math.ceil((charUnits(text) + extraUnits) * UI_SIZES.charUnitWidth), UI_SIZES.selectorMinWidth, UI_SIZES.selectorMaxWidth);
}

export interface ControlWidthOptions {
  /** The control's own width around its text: padding, border and arrow (antd's, in px). */
  chromePx?: number;
  /**
   * The text's real width in the control's font, when the browser can measure it (null when not).
   * Half-width letters and digits are 7–10 px in a 14 px font, more than half a unit: by units
   * alone "UX角色0123456789…" was cut.
   */
  measure?: (text: string) => number | null;
}

/**
 * The width of a header selector or cascader showing `text` (spec §9): the text at 14 px per
 * character unit — or its measured width when that is wider — plus the control's padding and
 * arrow, between 50 and 300 px. Past 300 px the text is cut (with its whole name in a tooltip).
 */
export function controlWidth(text: string, opts: ControlWidthOptions = {}): number {
  const byUnits = charUnits(text) * UI_SIZES.charUnitWidth;
  const measured = opts.measure?.(text) ?? 0;
  return clamp(Math.ceil(Math.max(byUnits, measured) + (opts.chromePx ?? 0)), UI_SIZES.selectorMinWidth, UI_SIZES.selectorMaxWidth);
}

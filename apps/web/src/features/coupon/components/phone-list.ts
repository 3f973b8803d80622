import { PHONE_RE } from '@merchant/contracts/core/fields';
import { MAX_PROVIDE_PHONES } from '@merchant/contracts/marketing/coupon-fields';

/** A piece of the typed list that is not a mobile number, and the line it is on (from 1). */
export interface BadPhone {
  line: number;
  text: string;
}

/** The phones of a 发券 list as typed or pasted. */
export interface PhoneList {
  /** The valid numbers, each once, in the order first typed. */
  phones: string[];
  /** Valid numbers typed again (left out). */
  duplicates: number;
  /** What is not a mobile number. */
  invalid: BadPhone[];
  /** More numbers than one 发券 takes (MAX_PROVIDE_PHONES). */
  tooMany: boolean;
}

/** What separates numbers besides a new line: commas (also Chinese), 、, semicolons, spaces. */
const SEPARATORS = /[,，、;；\s\u3000]+/;

/**
 * A typed or pasted list of phones: one per line, or separated by commas (，too), 、, semicolons or spaces. Each
 * piece must be a mainland mobile (the contract's PHONE_RE); a number typed twice is kept once.
 */
export function parsePhones(text: string): PhoneList {
  const phones: string[] = [];
  const seen = new Set<string>();
  const invalid: BadPhone[] = [];
  let duplicates = 0;
  text.split(/\r\n|\r|\n/).forEach((row, i) => {
    for (const piece of row.split(SEPARATORS)) {
      if (!piece) continue;
      if (!PHONE_RE.test(piece)) invalid.push({ line: i + 1, text: piece });
      else if (seen.has(piece)) duplicates += 1;
      else {
        seen.add(piece);
        phones.push(piece);
      }
    }
  });
  return { phones, duplicates, invalid, tooMany: phones.length > MAX_PROVIDE_PHONES };
}

/** Why a list cannot be sent as it is (null: it can). */
export function phoneListProblem(list: PhoneList): string | null {
  if (list.invalid.length > 0) return `有 ${list.invalid.length} 个手机号格式不正确，请修改或删除后再发券`;
  if (list.phones.length === 0) return '请输入手机号';
  if (list.tooMany) return `一次最多发给${MAX_PROVIDE_PHONES}个手机号，当前 ${list.phones.length} 个`;
  return null;
}

import type { FormRule } from 'antd';
import { yuanToCents } from '../format/money.ts';

/** The object form of a rule (not the render-function form). */
type RuleObject = Exclude<FormRule, (...args: never[]) => unknown>;

/** The part of a zod schema a form rule needs (kept structural so apps/web needs no zod import). */
export interface ParseableSchema {
  safeParse(value: unknown): { success: boolean; error?: { issues: Array<{ message: string; path?: PropertyKey[] }> } };
}

/**
 * An antd form rule from the same zod schema the server checks (DESIGN §8): the first issue's
 * Chinese message is shown under the field.
 */
export function zodRule(schema: ParseableSchema): RuleObject {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(result.error?.issues[0]?.message ?? '格式不正确');
    },
  };
}

/**
 * A field's rule from a whole-form schema whose checks span fields (a zod `.refine` with a `path`, e.g. 请选择前置仓 only
 * when the source is a 前置仓): the form's values are checked as the server checks the request, and the issues at this
 * field are shown under it.
 */
export function zodFormRule(schema: ParseableSchema, field: string): (form: { getFieldsValue: (all: true) => unknown }) => RuleObject {
  return (form) => ({
    validator: async () => {
      const result = schema.safeParse(form.getFieldsValue(true));
      const issue = result.success ? undefined : result.error?.issues.find((i) => i.path?.[0] === field);
      if (issue) throw new Error(issue.message);
    },
  });
}

/**
 * A rule source for a price typed in 元, checked by the cents schema the server uses (the value is sent ×100):
 * `zodRule(yuanSchema(priceCentsSchema))`. An empty field is checked as absent.
 */
export function yuanSchema(cents: ParseableSchema): ParseableSchema {
  return { safeParse: (v: unknown) => cents.safeParse(yuanToCents(v)) };
}

/** Second password field must repeat the first. */
export function sameAs(field: string, text = '两次输入的密码不一致'): (form: { getFieldValue: (name: string) => unknown }) => RuleObject {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (!value) throw new Error('请再次输入密码');
      if (value !== getFieldValue(field)) throw new Error(text);
    },
  });
}

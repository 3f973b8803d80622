import { EXPORT_OPERATION_SUFFIX } from '@merchant/contracts/system/operation-log';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { SessionContext } from './auth/session.service.ts';
import { definedOperation, definedOperations, type Operation } from './gateway/registry.ts';

// ---------------------------------------------------------------- operation names

/** An operation's name in the operation log: its own `label`, else its `summary`. */
export function logLabel(op: Pick<Operation, 'label' | 'summary'>): string {
  return op.label ?? op.summary;
}

/**
 * A logged operation's Chinese name, from the operation's own definition: 编辑角色; an export of a list
 * (the list's name + `#export`) reads 导出（账号列表）. Names no operation defines any more are shown as they are.
 */
export function operationLogLabel(name: string): string {
  if (name.endsWith(EXPORT_OPERATION_SUFFIX)) {
    const list = definedOperation(name.slice(0, -EXPORT_OPERATION_SUFFIX.length));
    return list ? `导出（${logLabel(list)}）` : name;
  }
  const op = definedOperation(name);
  return op ? logLabel(op) : name;
}

/** The names the operation log can hold: every changing operation, and the export of every exportable list. */
export function loggedOperationNames(): string[] {
  const ops = definedOperations();
  return [
    ...ops.filter((o) => o.writes).map((o) => o.name),
    ...ops.filter((o) => o.export).map((o) => `${o.name}${EXPORT_OPERATION_SUFFIX}`),
  ].sort();
}

/** Logged operations whose Chinese name contains the text (the 操作 filter matches names as well as codes). */
export function operationsNamed(text: string): string[] {
  const t = text.trim();
  return t ? loggedOperationNames().filter((n) => operationLogLabel(n).includes(t)) : [];
}

/**
 * The operation log's names as a lookup (`labels[name]`), for the export's 操作 column and its filter summary;
 * read from the definitions when asked, so it names every operation the app has.
 */
export const OPERATION_LOG_LABELS: Readonly<Record<string, string>> = new Proxy<Record<string, string>>(
  {},
  {
    get: (_t, key) => {
      if (typeof key !== 'string') return undefined;
      const label = operationLogLabel(key);
      return label === key ? undefined : label;
    },
  },
);

// ---------------------------------------------------------------- targets

/** Top-level input fields an entry keeps as its targets: ids, codes and numbers, and the name being given. */
// `kind` names what an id is (e.g. the phone revealed: kind=store;id=5).
const TARGET_KEY = /(^id$|Id$|Ids$|Code$|No$|NoSub$|Number$|^name$|^userName$|^kind$)/;
/** Never written to the log: verify codes, passwords, identity, card and phone numbers. */
const SECRET_KEY = /^(code|verifyCode|smsCode|captcha\w*|certNo|idNo)$|[Pp]assword|[Pp]hone|[Cc]ard/;
const MAX_TARGETS = 500;
const MAX_VALUE = 64;

/** The kinds of things a target names, looked up by id (or code) in the merchant's own data. */
export type TargetKind =
  'organization' | 'role' | 'account' | 'store' | 'storeCode' | 'staff' | 'contract' | 'settleApply' | 'merchantChange' | 'exportTask';

/** How a target field reads: its Chinese words, and what its values name (looked up) or whether only their count matters. */
export interface TargetField {
  label: string;
  kind?: TargetKind;
  /** Only how many (菜单权限：12项). */
  count?: boolean;
  /** A readable code: shown as it is (with the name when found). */
  code?: boolean;
}

/** The words of target fields, shared by every operation (organizationId is an organisation everywhere). */
export const TARGET_FIELDS: Readonly<Record<string, TargetField>> = {
  organizationId: { label: '组织', kind: 'organization' },
  parentId: { label: '上级组织', kind: 'organization' },
  roleId: { label: '角色', kind: 'role' },
  roleIds: { label: '角色', kind: 'role' },
  menuIds: { label: '菜单权限', count: true },
  accountId: { label: '账号', kind: 'account' },
  storeId: { label: '门店', kind: 'store' },
  storeIds: { label: '门店', kind: 'store' },
  storeCode: { label: '门店', kind: 'storeCode', code: true },
  staffId: { label: '员工', kind: 'staff' },
  fileId: { label: '文件' },
  certFileId: { label: '证件照片' },
  uploadId: { label: '上传批次', code: true },
  categoryCode: { label: '门店分类', code: true },
  tagCode: { label: '门店标签', code: true },
  contractNo: { label: '合同编号', code: true },
  applyCode: { label: '申请编号', code: true },
  changeCode: { label: '变更编号', code: true },
  resultCode: { label: '结果码', code: true },
  name: { label: '名称', code: true },
  userName: { label: '账号', code: true },
  kind: { label: '号码类型', code: true },
};

/** What an operation's own `id` names, by its area (the name's first two parts: edit role's `id` → 角色). */
export const TARGET_SUBJECTS: Readonly<Record<string, TargetField>> = {
  'system.org': { label: '组织', kind: 'organization' },
  'system.role': { label: '角色', kind: 'role' },
  'system.account': { label: '账号', kind: 'account' },
  'merchant.store': { label: '门店', kind: 'store' },
  'merchant.staff': { label: '员工', kind: 'staff' },
  'merchant.contract': { label: '合同', kind: 'contract' },
  'merchant.settle': { label: '入驻申请', kind: 'settleApply' },
  'merchant.change': { label: '变更申请', kind: 'merchantChange' },
  'file.export': { label: '导出文件', kind: 'exportTask' },
  'system.phone': { label: '账号', kind: 'account' },
  'merchant.phone': { label: '编号' },
};

/** The field a stored target key stands for in an entry of this operation (`id` is the operation's own subject). */
export function targetField(operation: string, key: string): TargetField | undefined {
  const own = definedOperation(operation.replace(EXPORT_OPERATION_SUFFIX, ''))?.targets[key];
  if (own) return { label: own, code: true };
  if (key !== 'id') return TARGET_FIELDS[key];
  const area = operation.replace(EXPORT_OPERATION_SUFFIX, '').split('.').slice(0, 2).join('.');
  return TARGET_SUBJECTS[area];
}

/** The target keys an operation's input can carry (top-level fields of its schema). */
export function targetKeys(keys: readonly string[]): string[] {
  return keys.filter((k) => TARGET_KEY.test(k) && !SECRET_KEY.test(k));
}

/** A value as stored: `;` separates targets and `,` the values of a list. */
const clean = (v: unknown) =>
  String(v)
    .replace(/[;,\r\n]+/g, ' ')
    .trim()
    .slice(0, MAX_VALUE);

/**
 * Targets of an operation for the audit log, searchable as stored: `organizationId=4;menuIds=1,2,3;name=运营`.
 * Secrets are never kept; a list that does not fit is kept as its count (`menuIds=#120`).
 */
export function targetIds(input: unknown): string {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return '';
  let out = '';
  for (const [k, v] of Object.entries(input)) {
    if (
      !TARGET_KEY.test(k) ||
      SECRET_KEY.test(k) ||
      v === undefined ||
      v === null ||
      v === '' ||
      (typeof v === 'object' && !Array.isArray(v))
    )
      continue;
    const sep = out ? ';' : '';
    const full = `${sep}${k}=${Array.isArray(v) ? v.map(clean).join(',') : clean(v)}`;
    const pair = out.length + full.length <= MAX_TARGETS || !Array.isArray(v) ? full : `${sep}${k}=#${v.length}`;
    if (out.length + pair.length > MAX_TARGETS) break;
    out += pair;
  }
  return out;
}

/** One stored target: its key and values (`count` when only the number of values was kept). */
export interface StoredTarget {
  key: string;
  values: string[];
  count: number;
}

export function parseTargets(stored: string): StoredTarget[] {
  const out: StoredTarget[] = [];
  for (const part of stored.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const key = part.slice(0, eq);
    const raw = part.slice(eq + 1);
    if (SECRET_KEY.test(key)) continue; // entries written before secrets were left out
    const counted = /^#(\d+)$/.exec(raw);
    const values = counted ? [] : raw.split(',').filter((v) => v !== '');
    out.push({ key, values, count: counted ? Number(counted[1]) : values.length });
  }
  return out;
}

/** Lists longer than this are shown as a count. */
const LIST_NAMES = 3;

/** Names found for targets: kind → id or code → name. */
export type TargetNames = ReadonlyMap<TargetKind, ReadonlyMap<string, string>>;

/** What has to be looked up to put the entries' targets in words. */
export function targetLookups(entries: readonly { operation: string; targetIds: string }[]): Map<TargetKind, Set<string>> {
  const wanted = new Map<TargetKind, Set<string>>();
  for (const e of entries) {
    for (const t of parseTargets(e.targetIds)) {
      const f = targetField(e.operation, t.key);
      if (!f?.kind || f.count || t.values.length > LIST_NAMES) continue;
      const set = wanted.get(f.kind) ?? new Set<string>();
      for (const v of t.values) set.add(v);
      wanted.set(f.kind, set);
    }
  }
  return wanted;
}

/**
 * An entry's targets in words: 组织：华东大区；菜单权限：12项；名称：运营. A thing not found (deleted since)
 * reads 角色ID 7; codes are shown as they are (门店：旗舰店（S0001））.
 */
export function describeTargets(operation: string, stored: string, names: TargetNames): string {
  const parts: string[] = [];
  for (const t of parseTargets(stored)) {
    const f = targetField(operation, t.key);
    if (!f) {
      parts.push(`${t.key}：${t.values.join('、') || `${t.count}项`}`);
      continue;
    }
    if (f.count || t.values.length === 0 || t.values.length > LIST_NAMES) {
      parts.push(`${f.label}：${t.count}项`);
      continue;
    }
    const found = f.kind ? names.get(f.kind) : undefined;
    const words = t.values.map((v) => {
      const name = found?.get(v);
      if (f.code) return name && name !== v ? `${name}（${v}）` : v;
      return name ?? null;
    });
    if (t.values.length === 1 && words[0] === null) parts.push(`${f.label}ID ${t.values[0]}`);
    else parts.push(`${f.label}：${words.map((w, i) => w ?? `ID ${t.values[i]}`).join('、')}`);
  }
  return parts.join('；');
}

// ---------------------------------------------------------------- writing

export interface AuditEntry {
  session?: SessionContext;
  operation: string;
  anchor: string;
  clientAnchor?: string;
  input: unknown;
  resultCode: string;
  resultMsg: string;
  ip: string;
  now: number;
  /** For public operations: who the entry is about, when known. */
  userName?: string;
}

/** Writes one operation-log row (who, organisation, role, operation, anchor, targets, result, time, IP). */
export async function writeAudit(db: Kysely<Database>, e: AuditEntry): Promise<void> {
  await db
    .insertInto('operation_log')
    .values({
      merchant_id: e.session?.merchantId ?? null,
      account_id: e.session?.accountId ?? null,
      user_name: (e.session?.userName ?? e.userName ?? '').slice(0, 64),
      organization_id: e.session?.organizationId ?? null,
      role_ids: e.session?.roleIds.join(',') ?? '',
      operation: e.operation.slice(0, 128),
      anchor: e.anchor.slice(0, 100),
      client_anchor: (e.clientAnchor ?? '').slice(0, 128),
      target_ids: targetIds(e.input),
      result_code: e.resultCode.slice(0, 16),
      result_msg: e.resultMsg.slice(0, 255),
      ip: e.ip.slice(0, 64),
      created_at: e.now,
    })
    .execute();
}

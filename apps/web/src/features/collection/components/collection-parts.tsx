import { CAPITAL_ANCHORS } from '@merchant/contracts/finance/capital';
import { collectionOps } from '@merchant/contracts/finance/collection';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Popconfirm, Skeleton, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useCallback, useMemo, useState } from 'react';
import { call } from '../../../platform/call.ts';
import { wasNotified } from '../../../platform/error-catalogue.ts';
import { collectAnchors } from '../../../platform/permission.ts';
import { useSession } from '../../../platform/session-store.ts';
import { formatMoney } from '../../../shared/format/money.ts';
import { capitalCardPath, capitalDetailPath } from '../collection-paths.ts';

// 收款设置: the bits the three pages share — the setting's query, the links to the merchant's account, the status tag.

/** Every query of this feature starts with this (a change invalidates them all: the setting, its log, the lists). */
export const COLLECTION_KEY = ['collection'] as const;
/** The merchant's collection setting (collection.get). */
export const SETTING_KEY = [...COLLECTION_KEY, 'setting'] as const;

/** The merchant's collection setting (collection.get), shared by 收款设置 and 开通状态. */
export function useCollectionSetting() {
  return useQuery({ queryKey: SETTING_KEY, queryFn: () => call(collectionOps.get, {}) });
}

/** 已开通 in green, 待完善 (or anything else) in orange. */
export function StatusTag({ done, name, big = false }: { done: boolean; name: string; big?: boolean }) {
  return (
    <Tag
      color={done ? 'success' : 'warning'}
      style={big ? { fontSize: 14, padding: '2px 10px' } : undefined}
      data-testid="collection-status"
    >
      {name}
    </Tag>
  );
}

/**
 * The pages of a party's account (资金账户详情, 银行卡) when the active role may open them — it holds one of the pages that
 * open an account (the contract's CAPITAL_ANCHORS); null when there is no account or the role may not.
 */
export function useCapitalLinks(): { detail: (code: string) => string | null; card: (code: string) => string | null } {
  const menuTree = useSession((s) => s.menuTree);
  const allowed = useMemo(() => {
    const anchors = collectAnchors(menuTree);
    return CAPITAL_ANCHORS.some((a) => anchors.has(a));
  }, [menuTree]);
  return useMemo(
    () => ({
      detail: (code) => (code && allowed ? capitalDetailPath(code) : null),
      card: (code) => (code && allowed ? capitalCardPath(code) : null),
    }),
    [allowed],
  );
}

/** The setting's loading and failed states around what a page shows of it. */
export function SettingState({
  q,
  children,
}: {
  q: ReturnType<typeof useCollectionSetting>;
  children: (s: NonNullable<ReturnType<typeof useCollectionSetting>['data']>) => ReactNode;
}) {
  if (q.data) return <>{children(q.data)}</>;
  if (q.isError)
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="收款设置加载失败">
        <Button size="small" onClick={() => void q.refetch()}>
          重新加载
        </Button>
      </Empty>
    );
  return <Skeleton active paragraph={{ rows: 6 }} />;
}

/** A value with a smaller secondary line under it. */
export function TwoLines({ top, bottom }: { top: ReactNode; bottom?: ReactNode }) {
  return (
    <div style={{ lineHeight: 1.4 }}>
      <div>{top === '' || top === null || top === undefined ? '--' : top}</div>
      {bottom ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {bottom}
        </Typography.Text>
      ) : null}
    </div>
  );
}

/** '--' for an empty text. */
export const dash = (v: unknown): string => (v === null || v === undefined || v === '' ? '--' : String(v));

/** Cents as 元 with two decimals, in 万 from 10,000 元 (spec §9): 123456 → 1,234.56, 123456789 → 123.46万; '--' for what is not a number. */
export const yuan = (v: unknown): string => (typeof v === 'number' ? formatMoney(v) : '--');

/** A refusal's words: the server's message (the http client's catalogue may have shown it already). */
export const refusalText = (err: unknown) => (err instanceof Error && err.message ? err.message : '操作失败，请稍后重试');

/** What an agreement list's 编辑 / 解除 say and do for one row. */
export interface AgreementRowActions<R> {
  /** 解除: the operation's call (the row's id and version). */
  remove: (row: R) => Promise<unknown>;
  /** What 解除 says before (its title, then what changes) and after. */
  confirmTitle: (row: R) => string;
  confirmText: (row: R) => string;
  removedText: (row: R) => string;
  onEdit: (row: R) => void;
}

/**
 * The 操作 column's 编辑 and 解除 (confirmed first, danger) of an agreement list, or null without the page's anchor:
 * 解除 shows the server's refusal and reloads every list of the feature.
 */
export function useAgreementRowActions<R extends { id: number }>(
  mayEdit: boolean,
  a: AgreementRowActions<R>,
): ((row: R) => ReactNode) | null {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<number | null>(null);
  const { remove, confirmTitle, confirmText, removedText, onEdit } = a;
  const run = useCallback(
    async (r: R) => {
      setRemoving(r.id);
      try {
        await remove(r);
        message.success(removedText(r));
        await queryClient.invalidateQueries({ queryKey: COLLECTION_KEY });
      } catch (err) {
        if (!wasNotified(err)) message.error(refusalText(err));
      } finally {
        setRemoving(null);
      }
    },
    [message, queryClient, remove, removedText],
  );
  return useMemo(
    () =>
      mayEdit
        ? (r: R) => (
            <Space size={0}>
              <Button type="link" size="small" onClick={() => onEdit(r)}>
                编辑
              </Button>
              <Popconfirm
                title={confirmTitle(r)}
                description={confirmText(r)}
                okText="解除"
                okButtonProps={{ danger: true }}
                onConfirm={() => run(r)}
              >
                <Button type="link" size="small" danger loading={removing === r.id}>
                  解除
                </Button>
              </Popconfirm>
            </Space>
          )
        : null,
    [confirmText, confirmTitle, mayEdit, onEdit, removing, run],
  );
}

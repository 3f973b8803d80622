import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Space } from 'antd';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useLeaveGuard } from '../../../platform/use-leave-guard.ts';

type State = { approvalCode: string; version: number };

/** Where an application form saves: the goods' applications or the wholesale mall's (same state machine). */
export interface ApplyFamily<B> {
  save: (body: B) => Promise<State>;
  submit: (key: State) => Promise<State>;
  /** The first part of the family's query keys ('goods' | 'mall'): `[root, 'approvals']`, `[root, 'approval', code]`. */
  queryRoot: string;
  listPath: string;
  pathOf: (approvalCode: string) => string;
}

/**
 * The footer and saving of every application form (新品申请, SKU申请, 商城新品申请, 商城SKU申请): 提交审核 (confirmed,
 * saves then submits), 保存草稿, 取消; guards leaving a dirty form; answers to the application's page. `validate`
 * returns the body to save, or undefined when the form shows an error.
 */
export function useApplySave<B>(family: ApplyFamily<B>, initial: { approvalCode: string } | undefined) {
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState<'' | 'draft' | 'submit'>('');
  const { allowLeave } = useLeaveGuard(dirty && !saving);
  const run = async (body: B, submit: boolean) => {
    setSaving(submit ? 'submit' : 'draft');
    try {
      let state = await family.save(body);
      if (submit) state = await family.submit({ approvalCode: state.approvalCode, version: state.version });
      message.success(submit ? `已提交审核，申请单号 ${state.approvalCode}` : `草稿已保存，申请单号 ${state.approvalCode}`);
      setDirty(false);
      allowLeave();
      await queryClient.invalidateQueries({ queryKey: [family.queryRoot, 'approvals'] });
      await queryClient.invalidateQueries({ queryKey: [family.queryRoot, 'approval', state.approvalCode] });
      navigate(family.pathOf(state.approvalCode));
    } catch {
      // the catalogue showed the reason
    } finally {
      setSaving('');
    }
  };
  const buttons = (validate: () => Promise<B | undefined>): ReactNode => (
    <Space>
      <Button
        type="primary"
        loading={saving === 'submit'}
        disabled={Boolean(saving)}
        onClick={async () => {
          const body = await validate();
          if (body)
            modal.confirm({
              title: '确认提交审核？',
              content: '提交后在审核完成前不能修改，可撤回后再修改。',
              onOk: () => run(body, true),
            });
        }}
      >
        提交审核
      </Button>
      <Button
        loading={saving === 'draft'}
        disabled={Boolean(saving)}
        onClick={async () => {
          const body = await validate();
          if (body) await run(body, false);
        }}
      >
        保存草稿
      </Button>
      <Button onClick={() => navigate(initial ? family.pathOf(initial.approvalCode) : family.listPath)}>取消</Button>
    </Space>
  );
  return { setDirty, buttons };
}

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Form, Input } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { FormModal } from './form-modal.tsx';
import { sessionStore } from './session-store.ts';

interface Values {
  title: string;
}

function setup(onSubmit: (v: Values) => Promise<{ id: number }>) {
  const log: string[] = [];
  function Editor() {
    const [form] = Form.useForm<Values>();
    return (
      <FormModal<Values, { id: number }>
        form={form}
        name="t"
        title="新增公告"
        okText="保存草稿"
        initialValues={{ title: '原标题' }}
        onSubmit={onSubmit}
        onSaved={(r) => log.push(`saved ${r.id}`)}
        onClose={() => log.push('closed')}
      >
        <Form.Item label="公告标题" name="title" rules={[{ required: true, message: '请输入公告标题' }]}>
          <Input />
        </Form.Item>
      </FormModal>
    );
  }
  const router = createMemoryRouter([{ path: '/', element: <Editor /> }]);
  render(
    <App>
      <RouterProvider router={router} />
    </App>,
  );
  return log;
}

const click = (name: RegExp) => act(async () => fireEvent.click(screen.getByRole('button', { name })));

describe('FormModal', () => {
  beforeEach(() => sessionStore.setState({ token: 't' }));
  afterEach(() => {
    cleanup();
    sessionStore.setState({ token: null });
  });

  it('closes an untouched form at once; a changed one asks first', async () => {
    const log = setup(async () => ({ id: 1 }));
    await click(/取\s*消/);
    expect(log).toEqual(['closed']);
    fireEvent.change(document.querySelector('#t_title')!, { target: { value: '改过' } });
    await click(/取\s*消/);
    await screen.findAllByText('放弃未保存的修改？');
    expect(log).toEqual(['closed']);
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: /继续编辑/ }).at(-1)!));
    expect(log).toEqual(['closed']);
  });

  it('saves the checked values and hands the answer on; bad input never reaches the server', async () => {
    const sent: Values[] = [];
    const log = setup(async (v) => {
      sent.push(v);
      return { id: 7 };
    });
    fireEvent.change(document.querySelector('#t_title')!, { target: { value: '' } });
    await click(/保存草稿/);
    await screen.findByText('请输入公告标题');
    expect(sent).toEqual([]);
    fireEvent.change(document.querySelector('#t_title')!, { target: { value: '新标题' } });
    await click(/保存草稿/);
    await waitFor(() => expect(log).toEqual(['saved 7']));
    expect(sent).toEqual([{ title: '新标题' }]);
  });

  it('a refused save keeps the form open as it was', async () => {
    const log = setup(async () => {
      throw new Error('refused');
    });
    await click(/保存草稿/);
    await waitFor(() => expect(screen.getByRole('button', { name: /保存草稿/ }).className).not.toContain('loading'));
    expect(log).toEqual([]);
    expect((document.querySelector('#t_title') as HTMLInputElement).value).toBe('原标题');
  });
});

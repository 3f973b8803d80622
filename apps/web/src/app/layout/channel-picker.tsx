import { useMemo, useState } from 'react';
import { App, Button, Checkbox, Popover } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { UI_SIZES } from '@merchant/contracts';
import { useSession } from '../../platform/session-store.ts';
import { confirmChannels, confirmSites } from '../../platform/session-actions.ts';
import {
  allSelected,
  confirmedCodes,
  pickerMode,
  pickerOptions,
  popoverListHeight,
  selectorWidth,
  toggleAll,
  toggleAllLabel,
} from '../../platform/picker.ts';

/** The popover box's own padding above and below the rows: 2 + 2 px, the "+ 4" of spec §9. */
const BOX_PADDING = `${UI_SIZES.popoverExtra / 2}px 0`;

/**
 * Channel (mode 1) or site (mode 2) multi-select (spec §4, §5, §9). The popover is the option list
 * alone: 32 px rows, 176 px wide, on screen exactly 32 px per option + 4 within 132–260 px (antd's
 * popover box padding replaced by 2 + 2 px), so up to eight options show without scrolling. Its count,
 * select all / deselect all and 取消 / 确定 sit in a card of their own beside it (decision 42).
 */
export function ChannelPicker() {
  const { message } = App.useApp();
  const channels = useSession((s) => s.channels);
  const user = useSession((s) => s.userInfo);
  const channelChoice = useSession((s) => s.channelChoice);
  const siteChoice = useSession((s) => s.siteChoice);
  const mode = pickerMode(channels, user);
  const options = useMemo(() => pickerOptions(channels, mode), [channels, mode]);
  const stored = mode === 2 ? siteChoice : channelChoice;
  const confirmed = useMemo(() => confirmedCodes(stored, options), [stored, options]);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<string[]>(confirmed);

  if (mode === 0) return null;
  const noun = mode === 1 ? '渠道' : '站点';
  const summary =
    confirmed.length === 0
      ? `未选${noun}`
      : allSelected(confirmed, options)
        ? `全部${noun}`
        : confirmed.length === 1
          ? (options.find((o) => o.code === confirmed[0])?.name ?? `1个${noun}`)
          : `已选${confirmed.length}个${noun}`;

  const onOpenChange = (next: boolean) => {
    if (next) setDraft(confirmed);
    setOpen(next);
  };

  const onConfirm = () => {
    const result = mode === 1 ? confirmChannels(draft, options) : confirmSites(draft, options);
    setOpen(false);
    if (result === 'changed') message.loading({ content: `正在切换${noun}…`, key: 'switch', duration: 0 });
  };

  const content = (
    <div className="picker" style={{ width: UI_SIZES.popoverWidth }} data-testid="channel-picker-panel">
      <div className="picker-list" style={{ height: popoverListHeight(options.length) }} data-testid="channel-picker-list">
        {options.length === 0 ? <div className="picker-empty">暂无可选{noun}</div> : null}
        {options.map((o) => (
          <label key={o.code} className="picker-row" style={{ height: UI_SIZES.optionRowHeight }} title={o.name}>
            <Checkbox
              checked={draft.includes(o.code)}
              onChange={(e) => setDraft((d) => (e.target.checked ? [...d, o.code] : d.filter((c) => c !== o.code)))}
            />
            <span className="picker-name">{o.name}</span>
          </label>
        ))}
      </div>
      <div className="picker-actions" data-testid="channel-picker-actions">
        <span>
          选择{noun}（{draft.length}/{options.length}）
        </span>
        <Button type="link" size="small" onClick={() => setDraft(toggleAll(draft, options))}>
          {toggleAllLabel(draft, options)}
        </Button>
        <div className="picker-actions-foot">
          <Button size="small" onClick={() => setOpen(false)}>
            取消
          </Button>
          <Button size="small" type="primary" onClick={onConfirm}>
            确定
          </Button>
        </div>
      </div>
    </div>
  );

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={onOpenChange}
      content={content}
      arrow={false}
      styles={{ container: { padding: BOX_PADDING } }}
    >
      <Button
        data-testid="channel-picker"
        aria-label={noun}
        style={{ width: selectorWidth(`${noun}：${summary}`, 4) }}
        className="picker-trigger"
      >
        <span className="picker-trigger-text">
          {noun}：{summary}
        </span>
        <DownOutlined style={{ fontSize: 10, color: 'rgba(0,0,0,0.35)' }} />
      </Button>
    </Popover>
  );
}

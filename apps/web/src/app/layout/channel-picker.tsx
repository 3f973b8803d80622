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
  popoverHeight,
  selectorWidth,
  toggleAll,
  toggleAllLabel,
} from '../../platform/picker.ts';

/**
 * Channel (mode 1) or site (mode 2) multi-select (spec §4, §5, §9): a popover with select all /
 * deselect all, 32 px rows, 176 px wide, 32 px per option + 4 high within 132–260 px.
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
      <div className="picker-head">
        <span>
          选择{noun}（{draft.length}/{options.length}）
        </span>
        <Button type="link" size="small" onClick={() => setDraft(toggleAll(draft, options))}>
          {toggleAllLabel(draft, options)}
        </Button>
      </div>
      <div className="picker-list" style={{ height: popoverHeight(options.length) }}>
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
      <div className="picker-foot">
        <Button size="small" onClick={() => setOpen(false)}>
          取消
        </Button>
        <Button size="small" type="primary" onClick={onConfirm}>
          确定
        </Button>
      </div>
    </div>
  );

  return (
    <Popover trigger="click" placement="bottomRight" open={open} onOpenChange={onOpenChange} content={content} arrow={false}>
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

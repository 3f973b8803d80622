import { useState } from 'react';
import { Button, Space, Tooltip } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { isMaskedPhone } from '../format/phone.ts';

// Decision "the masking rule": the server answers every phone masked; 查看 (the eye) asks it for the
// full number — an explicit, audited request — and only for roles that may (the page that edits it).

/**
 * A phone as the server sent it (masked), with a 查看 eye when the role may reveal it. The full number
 * is fetched on the click (logged by the server) and hidden again with a second click.
 */
export function MaskedPhone({
  value,
  reveal,
  canReveal,
}: {
  value: string | null | undefined;
  reveal: () => Promise<string>;
  canReveal: boolean;
}) {
  const [full, setFull] = useState<{ of: string; phone: string } | null>(null);
  const [shown, setShown] = useState(false);
  const [loading, setLoading] = useState(false);
  if (!value) return <>--</>;
  const known = full?.of === value ? full.phone : null;
  const visible = shown && known !== null;
  const toggle = async () => {
    if (visible) {
      setShown(false);
      return;
    }
    if (known === null) {
      setLoading(true);
      try {
        setFull({ of: value, phone: await reveal() });
      } catch {
        return; // the http client showed why
      } finally {
        setLoading(false);
      }
    }
    setShown(true);
  };
  return (
    <Space size={4}>
      <span data-testid="phone-text">{visible ? known : value}</span>
      {isMaskedPhone(value) && canReveal ? (
        <Tooltip title={visible ? '隐藏号码' : '查看完整号码（将记录操作日志）'}>
          <Button
            type="link"
            size="small"
            aria-label={visible ? '隐藏完整号码' : '查看完整号码'}
            loading={loading}
            icon={visible ? <EyeInvisibleOutlined /> : <EyeOutlined />}
            onClick={() => void toggle()}
          />
        </Tooltip>
      ) : null}
    </Space>
  );
}

/**
 * The eye of a phone input in an edit form: while the input still holds the masked number it came
 * with, 查看 fetches the full number and puts it in the input (then it is an ordinary edit).
 */
export function RevealPhoneSuffix({
  value,
  reveal,
  canReveal,
  onRevealed,
}: {
  value: unknown;
  reveal: () => Promise<string>;
  canReveal: boolean;
  onRevealed: (phone: string) => void;
}) {
  const [loading, setLoading] = useState(false);
  if (!canReveal || !isMaskedPhone(value)) return <span />;
  return (
    <Tooltip title="查看完整号码（将记录操作日志）">
      <Button
        type="text"
        size="small"
        aria-label="查看完整号码"
        loading={loading}
        icon={<EyeOutlined />}
        onClick={async () => {
          setLoading(true);
          try {
            onRevealed(await reveal());
          } catch {
            // the http client showed why
          } finally {
            setLoading(false);
          }
        }}
      />
    </Tooltip>
  );
}

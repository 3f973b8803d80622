import { useMemo } from 'react';
import { theme } from 'antd';
import { controlWidth } from '../../platform/picker.ts';

type Measure = (text: string) => number | null;

const measurers = new Map<string, Measure>();

/** Text width in `font` by the browser's canvas; null where there is none (tests, very old browsers). */
function measurerFor(font: string): Measure {
  let m = measurers.get(font);
  if (m) return m;
  let ctx: OffscreenCanvasRenderingContext2D | null | undefined;
  m = (text) => {
    if (ctx === undefined) ctx = typeof OffscreenCanvas === 'undefined' ? null : new OffscreenCanvas(1, 1).getContext('2d');
    if (!ctx) return null;
    ctx.font = font;
    // One pixel of slack: the page may round glyph positions differently than the canvas.
    return Math.ceil(ctx.measureText(text).width) + 1;
  };
  measurers.set(font, m);
  return m;
}

/**
 * Widths of the header's selector and cascader (spec §9) in the app's font, with antd's own
 * padding, border and arrow around the text: padding-inline (paddingSM − lineWidth) and the border
 * on each side, the arrow (fontSizeIcon) and the space before it (⌈1.25 × fontSize⌉ − fontSizeIcon),
 * i.e. 2 × paddingSM + ⌈1.25 × fontSize⌉ = 42 px with the default theme.
 */
export function useSelectWidth(): (text: string) => number {
  const { token } = theme.useToken();
  return useMemo(() => {
    const measure = measurerFor(`${token.fontSize}px ${token.fontFamily}`);
    const chromePx = 2 * token.paddingSM + Math.ceil(token.fontSize * 1.25);
    return (text: string) => controlWidth(text, { chromePx, measure });
  }, [token.fontSize, token.fontFamily, token.paddingSM]);
}

/** Width of an option list showing `texts` (item padding on each side, room for a scroll bar). */
export function useOptionListWidth(): (texts: string[]) => number {
  const { token } = theme.useToken();
  return useMemo(() => {
    const measure = measurerFor(`${token.fontSize}px ${token.fontFamily}`);
    const chromePx = 2 * token.controlPaddingHorizontal + 8;
    return (texts: string[]) => Math.max(...texts.map((t) => controlWidth(t, { chromePx, measure })));
  }, [token.fontSize, token.fontFamily, token.controlPaddingHorizontal]);
}

/* global document -- used inside page.evaluate callbacks, which run in the browser */
/**
 * Journeys of issue 20 item 4: the top bar's sizes of spec §9, measured on screen. The channel list,
 * the organisation and role names come from the secure gateway; to get 4 and 12 channels and very short
 * and very long names without touching the demo data, an init script rewrites the decrypted answers in
 * this journey's own browser context (crypto.subtle.decrypt wrapped). Same shape as ./journeys.mjs.
 */
import { assert, shotPath, signIn } from './kit.mjs';

const extraShot = shotPath('spec-sizes');

/**
 * Rewrites a gateway answer in place: a channel list (`haveFlag` + `selectList`) gets `channels` channels, every
 * `orgName` / `organizationName` / `roleName` becomes `name` (when given). Self-contained: it also runs in the page.
 * Returns whether anything changed.
 */
function rewriteAnswer(json, { channels, name }) {
  const list = Array.from({ length: channels }, (_, i) => ({ code: `spec${i + 1}`, name: `测试渠道${i + 1}` }));
  let changed = false;
  const walk = (v) => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (!v || typeof v !== 'object') return;
    for (const k of Object.keys(v)) {
      if (k === 'selectList' && 'haveFlag' in v && channels) {
        v.selectList = list;
        v.haveFlag = true;
        changed = true;
      } else if (name && ['orgName', 'organizationName', 'roleName'].includes(k) && typeof v[k] === 'string') {
        v[k] = name;
        changed = true;
      } else walk(v[k]);
    }
  };
  walk(json);
  return changed;
}

/**
 * For this journey's browser context only: answers are rewritten (rewriteAnswer) both where they arrive in clear
 * (a route on the page's API calls) and where the secure channel opens them (crypto.subtle.decrypt wrapped
 * before any page script runs).
 */
async function rewriteAnswers(context, opts) {
  const o = { channels: 0, name: '', ...opts };
  await context.addInitScript({
    content: `(${(o, rewrite) => {
      const subtle = crypto.subtle;
      const decrypt = subtle.decrypt.bind(subtle);
      subtle.decrypt = async (...args) => {
        const plain = await decrypt(...args);
        let json;
        try {
          json = JSON.parse(new TextDecoder().decode(plain));
        } catch {
          return plain;
        }
        return rewrite(json, o) ? new TextEncoder().encode(JSON.stringify(json)).buffer : plain;
      };
    }})(${JSON.stringify(o)}, ${rewriteAnswer})`,
  });
  await context.route('**/*', async (route) => {
    if (!['fetch', 'xhr'].includes(route.request().resourceType())) return route.fallback();
    const res = await route.fetch();
    let json;
    try {
      json = JSON.parse(await res.text());
    } catch {
      return route.fulfill({ response: res });
    }
    if (!rewriteAnswer(json, o)) return route.fulfill({ response: res });
    return route.fulfill({ response: res, body: JSON.stringify(json) });
  });
}

/** The on-screen box of the channel popover (antd's popover container, its padding included). */
async function popoverBox(page) {
  await page.getByTestId('channel-picker').click();
  const list = page.getByTestId('channel-picker-list');
  await list.waitFor();
  await page.waitForTimeout(400); // the zoom-in motion ends
  return page.evaluate(() => {
    const box = document.querySelector('[data-testid="channel-picker-list"]').closest('.ant-popover-container');
    const r = box.getBoundingClientRect();
    const list = document.querySelector('[data-testid="channel-picker-list"]').getBoundingClientRect();
    const actions = document.querySelector('[data-testid="channel-picker-actions"]').getBoundingClientRect();
    const rows = [...document.querySelectorAll('[data-testid="channel-picker-list"] .picker-row')].map((e) => e.getBoundingClientRect());
    return {
      height: r.height,
      width: r.width,
      top: r.top,
      bottom: r.bottom,
      left: r.left,
      // rows wholly inside the visible list (not cut by its scroll area)
      fullyVisible: rows.filter((x) => x.top >= list.top - 0.5 && x.bottom <= list.bottom + 0.5).length,
      rowHeights: [...new Set(rows.map((x) => x.height))],
      actionsBeside: actions.right <= r.left,
    };
  });
}

const controlWidths = (page) =>
  page.evaluate(() => ({
    org: document.querySelector('[data-testid="org-cascader"]')?.getBoundingClientRect().width,
    role: document.querySelector('[data-testid="role-select"]')?.getBoundingClientRect().width,
  }));

/** With `channels` channels the open popover is `height` × 176 px on screen with `visible` whole 32 px rows. */
async function checkPopover({ page, context, base, password }, channels, height, visible) {
  await rewriteAnswers(context, { channels });
  await signIn(page, base, 'admin', password);
  const b = await popoverBox(page);
  assert(b.height === height, `popover height ${b.height}, want ${height} (32 × ${channels} + 4 within 132–260)`);
  assert(b.width === 176, `popover width ${b.width}, want 176`);
  assert(b.fullyVisible === visible, `${b.fullyVisible} of ${channels} options fully visible, want ${visible}`);
  assert(b.rowHeights.length === 1 && b.rowHeights[0] === 32, `option rows ${b.rowHeights} px high, want 32`);
  assert(b.actionsBeside, 'the select-all / 确定 card overlaps the option list');
}

const LONG_NAME = '华东大区上海市浦东新区张江高科技园区第一智能零售运营管理中心';

/** Signs in with every organisation and role named `name`; both header selectors are `want` px wide. */
const selectorJourney = (kind, title, name, want) => ({
  name: `spec-sizes-selectors-${kind}`,
  title,
  async run({ page, context, base, password, shot }) {
    await rewriteAnswers(context, { name });
    await signIn(page, base, 'admin', password);
    await page.getByTestId('role-select').waitFor();
    const w = await controlWidths(page);
    assert(w.org === want && w.role === want, `selector widths ${JSON.stringify(w)}, want ${want} each`);
    await page.screenshot({ path: extraShot(`${kind}-names`) });
    await shot();
  },
});

export const journeys = [
  {
    name: 'spec-sizes-popover-4',
    title: 'with 4 channels the channel popover is 132 × 176 px on screen and shows all four',
    async run(ctx) {
      await checkPopover(ctx, 4, 132, 4);
      await ctx.shot();
    },
  },
  {
    name: 'spec-sizes-popover-12',
    title: 'with 12 channels the channel popover stops at 260 px (eight rows shown, the rest scroll)',
    async run(ctx) {
      await checkPopover(ctx, 12, 260, 8);
      // the last one scrolls into view
      const list = ctx.page.getByTestId('channel-picker-list');
      await list.getByText('测试渠道12').scrollIntoViewIfNeeded();
      await list.getByText('测试渠道12').click();
      await ctx.page.getByTestId('channel-picker-actions').getByText('选择渠道（11/12）').waitFor();
      await ctx.shot();
    },
  },
  selectorJourney('short', 'a one-letter organisation and role name: both selectors are 50 px wide', 'I', 50),
  selectorJourney('long', 'a very long organisation and role name: both selectors stop at 300 px', LONG_NAME, 300),
];

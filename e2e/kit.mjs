/* global document -- used inside page.waitForFunction callbacks, which run in the browser */
/**
 * What every journey file shares: a failing check, a screenshot path beside the journey's own, and
 * signing in through the login page. Not a journey file itself (run.mjs discovers *journeys.mjs).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mqtt from 'mqtt';

export const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), 'artifacts');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A screenshot path for an extra shot of a journey group: `e2e/artifacts/<prefix>-<name>.png`. */
export const shotPath = (prefix) => (name) => path.join(artifacts, `${prefix}-${name}.png`);

export function assert(cond, message) {
  if (!cond) throw new Error(message);
}

/**
 * Signs in through the login page (account + password): opens `from` (a deep link is sent to /login
 * first, and back to it after signing in), signs in, waits for the side menu. When the login page does not
 * appear or the sign-in does not go through, the error says what the page showed (and a screenshot is kept).
 */
export async function signIn(page, base, userName, password, from = '/login') {
  await page.goto(base + from);
  try {
    await page.waitForURL(/\/login/);
    await page.getByRole('textbox', { name: '账号' }).waitFor({ timeout: 15_000 });
  } catch {
    await page.screenshot({ path: path.join(artifacts, `signin-no-login-page-${userName}.png`) }).catch(() => undefined);
    const html = await page.content().catch(() => '');
    throw new Error(`the login page did not appear for ${userName} (${page.url()}): ${html.slice(0, 400)}`);
  }
  await page.getByRole('textbox', { name: '账号' }).fill(userName);
  await page.getByRole('textbox', { name: '密码' }).fill(password);
  await page
    .locator('form')
    .getByRole('button', { name: /登\s*录/ })
    .click();
  try {
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.locator('.app-menu').waitFor();
  } catch (err) {
    const notice = await page
      .locator('.ant-alert, .ant-message')
      .allInnerTexts()
      .catch(() => []);
    throw new Error(`${userName} could not sign in (${page.url()}): ${notice.join(' | ') || err.message}`);
  }
}

/** Picks a level-3 goods category in a leaf-only category picker (LeafCategorySelect): types its name, clicks it. */
export async function pickLeafCategory(page, trigger, title) {
  await trigger.click();
  await page.keyboard.type(title);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', { hasText: new RegExp(`^${title}$`) })
    .first()
    .click();
}

/**
 * Picks a cabinet model in the 新增设备 form. The dropdown may still be opening (or the model list loading) when the
 * option is clicked, so it picks until the select shows the model.
 */
export async function pickDeviceModel(page, modelName) {
  const select = page.locator('.ant-select').filter({ has: page.locator('#device-form_modelCode') });
  for (let attempt = 0; attempt < 5; attempt++) {
    await page.locator('#device-form_modelCode').click();
    await page.locator('.ant-select-item-option:visible').filter({ hasText: modelName }).first().click();
    if ((await select.innerText()).includes(modelName)) return;
    await page.keyboard.press('Escape');
    await page.waitForTimeout(500);
  }
  throw new Error(`柜型「${modelName}」 could not be picked`);
}

/** Picks a path in an antd Cascader (e.g. the region: province, city, district) by each level's exact label. */
export async function pickCascader(page, inputSelector, labels) {
  const menu = (level) => page.locator(`.ant-cascader-dropdown:visible .ant-cascader-menu:nth-child(${level})`);
  // a click that lands while a dialog is still zooming in can miss: open again, and click a level again until the next
  // level shows
  for (let attempt = 1; ; attempt += 1) {
    await page.locator(inputSelector).click();
    if (
      await menu(1)
        .waitFor({ timeout: 3_000 })
        .then(
          () => true,
          () => false,
        )
    )
      break;
    if (attempt === 3) throw new Error(`the cascader ${inputSelector} does not open`);
  }
  for (const [i, label] of labels.entries()) {
    const item = menu(i + 1)
      .locator('.ant-cascader-menu-item')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .first();
    for (let attempt = 1; ; attempt += 1) {
      await item.click();
      if (i === labels.length - 1) break;
      if (
        await menu(i + 2)
          .waitFor({ timeout: 3_000 })
          .then(
            () => true,
            () => false,
          )
      )
        break;
      if (attempt === 3) throw new Error(`the cascader ${inputSelector} shows no level after “${label}”`);
    }
  }
}

/**
 * The dropdown of one antd Select, found by the listbox rc-select renders as `${id}_list`: another select's dropdown
 * that is still fading out (it stays `:visible` through its leave animation) is never picked by mistake.
 */
export function dropdownOf(page, id) {
  return page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${id}_list"]`) });
}

/**
 * Opens the antd Select with field id `id` and picks its first option containing `text` (or its first option when
 * `text` is omitted); waits for that dropdown to close, so the next select opens on a quiet page. Returns the option's
 * text.
 */
export async function selectOption(page, id, text) {
  await page.locator(`#${id}`).click();
  const dropdown = dropdownOf(page, id);
  const options = dropdown.locator('.ant-select-item-option');
  const option = text === undefined ? options.first() : options.filter({ hasText: text }).first();
  await option.waitFor();
  const label = await option.innerText();
  // A click that lands while a dialog is still zooming in (or the dropdown is still aligning) can miss: the dropdown
  // then stays open with nothing chosen. Click the option again until the dropdown closes.
  for (let attempt = 1; ; attempt += 1) {
    await option.click();
    const closed = await dropdown.waitFor({ state: 'hidden', timeout: 3_000 }).then(
      () => true,
      () => false,
    );
    if (closed) return label;
    if (attempt === 3) throw new Error(`the dropdown of #${id} stayed open after picking “${label}” three times`);
  }
}

/**
 * Types into a searchable antd Select (by its field id) and picks the option containing `text`; returns once the select
 * shows it chosen (a tag of a multiple select, the value of a single one), typing and picking again if a click missed.
 */
export async function pickSearched(page, id, text) {
  const input = page.locator(`#${id}`);
  // the select shows the choice as text (what is typed is an input's value, which hasText does not see)
  const chosen = page.locator('.ant-select').filter({ has: input }).filter({ hasText: text }).first();
  for (let attempt = 1; ; attempt += 1) {
    await input.click();
    await input.fill(text);
    await dropdownOf(page, id).locator('.ant-select-item-option').filter({ hasText: text }).first().click();
    const shown = await chosen.waitFor({ timeout: 3_000 }).then(
      () => true,
      () => false,
    );
    if (shown) return;
    if (attempt === 3) throw new Error(`#${id} does not show “${text}” chosen after picking it three times`);
  }
}

/**
 * 新增设备 on the device list (the page must be open): registers a cabinet of the model, closes the dialog that shows
 * its secret once, and returns its code and secret.
 */
export async function registerDevice(page, name, modelName) {
  await page.getByRole('button', { name: /新增设备/ }).click();
  await page.locator('#device-form_name').fill(name);
  await pickDeviceModel(page, modelName);
  await page.getByRole('button', { name: /保\s*存/ }).click();
  const dialog = page.locator('.ant-modal-confirm').filter({ hasText: '设备已创建' });
  await dialog.waitFor();
  const secret = (await page.getByTestId('device-secret').innerText()).trim();
  const code = /D\d{10}/.exec(await dialog.innerText())?.[0];
  assert(code && secret, `no code or secret in the dialog: ${code} ${secret}`);
  await page.getByRole('button', { name: '我已保存密钥' }).click();
  return { code, secret };
}

/** 激活 on the open device detail page, confirmed; waits for 已激活 in its 操作记录. */
export async function activateOnDetail(page) {
  await page.getByRole('button', { name: /^激\s*活$/ }).click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await page.locator('.record-history-changes').filter({ hasText: '已激活' }).first().waitFor();
}

/**
 * Fills the open 新增位置 form: name, scene 写字楼, region (cascader labels), address, coordinates (in `coordSystem`,
 * GCJ-02 when absent) and contact.
 */
export async function fillLocationForm(page, { name, region, address, lng, lat, coordSystem, contactName, contactPhone }) {
  await page.locator('#location-form_name').fill(name);
  await page.locator('#location-form_scene').click();
  await page.locator('.ant-select-item-option:visible').filter({ hasText: '写字楼' }).first().click();
  await pickCascader(page, '#location-form_region', region);
  await page.locator('#location-form_address').fill(address);
  if (coordSystem) {
    await page.locator('#location-form_coordSystem').click();
    await page.locator('.ant-select-item-option:visible').filter({ hasText: coordSystem }).first().click();
  }
  await page.locator('#location-form_lng').fill(lng);
  await page.locator('#location-form_lat').fill(lat);
  if (coordSystem) await page.getByTestId('gcj-preview').waitFor();
  await page.locator('#location-form_contactName').fill(contactName);
  await page.locator('#location-form_contactPhone').fill(contactPhone);
}

/** 保存 on the 新增位置 form; waits for the page to become the location's view and returns the point's id. */
export async function saveNewLocation(page) {
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await page.waitForURL(/location-detail\/\d+\/view$/);
  return /location-detail\/(\d+)\/view/.exec(page.url())[1];
}

/**
 * bind-devices/{pointId}: finds the cabinet by its code, selects it (then `beforeBind`, e.g. a screenshot), binds it and
 * waits for the point's device list to show it.
 */
export async function bindDevice(page, base, pointId, code, beforeBind = async () => {}) {
  await page.goto(`${base}/website/device-management/bind-devices/${pointId}`);
  await page.getByPlaceholder('设备编号或名称').fill(code);
  await page.getByPlaceholder('设备编号或名称').press('Enter');
  await page.locator('.ant-table-tbody tr').filter({ hasText: code }).locator('.ant-checkbox-input').check();
  await beforeBind();
  await page.getByRole('button', { name: /绑定所选设备/ }).click();
  await page.waitForURL(new RegExp(`location-devices-list/${pointId}$`));
  await page.locator('.ant-table-tbody tr').filter({ hasText: code }).waitFor();
}

/** A second person's browser (its own session), shaped like the runner's. */
export const newPersonContext = (context) =>
  context.browser().newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });

/** Signs in as `userName` on the 激活申请 detail page of `applyCode` and approves it (审核通过, confirmed). */
export async function approveActivation(page, base, userName, password, applyCode) {
  await signIn(page, base, userName, password, `/website/device-management/application-detail/${applyCode}`);
  await page.waitForURL(/application-detail/);
  await page.getByRole('button', { name: '审核通过' }).click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
}

/** Clicks `trigger` and returns the download it starts: its suggested name and its first bytes. */
export async function downloadFrom(page, trigger) {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), trigger.click()]);
  const failure = await download.failure();
  assert(!failure, `the download failed: ${failure}`);
  const file = await download.path();
  const bytes = fs.readFileSync(file);
  return { name: download.suggestedFilename(), size: bytes.length, magic: bytes.subarray(0, 2).toString('latin1') };
}

/** A short unique tail for names a journey creates. */
export const suffix = () => Date.now().toString(36).slice(-5) + Math.floor(Math.random() * 36).toString(36);
/** A random mobile number (accounts need a unique one). */
export const phone = () => `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
/** The password journeys give the accounts they create. */
export const NEW_PASSWORD = 'Passw0rd2026';

export const menu = (page) => page.locator('.app-menu');

/**
 * On a 退货单 form larger than the stock: 保存草稿, then 确认退货 — refused with 库存不足 (after `shot`), the order stays
 * 草稿. Returns its code (TH…).
 */
export async function saveRefusedReturn(page, detailUrl, shot) {
  await page.getByRole('button', { name: /保存草稿/ }).click();
  await page.waitForURL(detailUrl);
  const code = /TH\d{10}/.exec(page.url())[0];
  await page.getByRole('button', { name: '确认退货' }).click();
  await answerConfirm(page, '确认退货');
  await page
    .locator('.ant-message')
    .getByText(/库存不足/)
    .waitFor();
  await shot();
  await page.getByTestId('stock-order-status').filter({ hasText: '草稿' }).waitFor();
  return code;
}

/**
 * Answers the open confirm dialog with its button `name` and waits for it to close. The dialog zooms in, and a click
 * that lands during the animation can be lost on a loaded machine (seen in full runs: the dialog stayed open with its
 * button untouched): the click waits for the animation to end, and is made again while the dialog stays (a click on
 * a button already busy with its request does nothing).
 */
export async function answerConfirm(page, name) {
  const modal = page.locator('.ant-modal-confirm').last();
  await modal.waitFor();
  await page
    .waitForFunction(() => !document.querySelector('.ant-modal-confirm.ant-zoom-appear, .ant-modal-confirm.ant-zoom-enter'), null, {
      timeout: 5000,
    })
    .catch(() => undefined);
  for (let attempt = 1; attempt <= 3; attempt++) {
    await modal.getByRole('button', { name }).click();
    const closed = await modal.waitFor({ state: 'detached', timeout: 6000 }).then(
      () => true,
      () => false,
    );
    if (closed) return;
  }
  await modal.waitFor({ state: 'detached' });
}

/** The document title is set after render; wait for it. */
export async function waitForTitle(page, prefix) {
  await page.waitForFunction((p) => document.title.startsWith(p), prefix, { timeout: 10_000 }).catch(() => undefined);
  const title = await page.title();
  assert(title.startsWith(prefix), `page title is ${title}, expected ${prefix}…`);
}

/** Opens a menu folder (unless open) and follows one of its pages. */
export async function openPage(page, folder, item, url) {
  const title = menu(page).locator('.ant-menu-submenu-title', { hasText: folder });
  const clickItem = async () => {
    const open = await title.evaluate((el) => el.parentElement?.classList.contains('ant-menu-submenu-open'));
    if (!open) await title.click();
    await menu(page).locator('.ant-menu-item', { hasText: item }).click();
  };
  await clickItem();
  // A click that landed while the folder was still opening (the menu restores its open folders after a load) does
  // not navigate: click the item once more rather than wait forever.
  const arrived = await page.waitForURL(url, { timeout: 10_000 }).then(
    () => true,
    () => false,
  );
  if (arrived) return;
  await clickItem();
  await page.waitForURL(url, { timeout: 30_000 });
}

/** Picks a node of an open TreeSelect dropdown by its exact title. */
export async function pickTreeNode(page, title) {
  await page
    .locator('.ant-select-dropdown:visible .ant-select-tree-title', { hasText: new RegExp(`^${title}$`) })
    .first()
    .click();
}

/** Picks an option of the open Select dropdown whose text starts with the label. */
export async function pickOption(page, label) {
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: new RegExp(`^${label}`) })
    .first()
    .click();
}

/** Fills the open account form (新增账号) with one organisation × role row; returns the form. */
export async function fillAccountForm(page, { userName, org, role }) {
  const form = page.getByTestId('account-form');
  await form.getByLabel('账号', { exact: true }).fill(userName);
  await form.getByLabel('手机号').fill(phone());
  await form.getByLabel('登录密码').fill(NEW_PASSWORD);
  await form.getByLabel('确认密码').fill(NEW_PASSWORD);
  await form.getByLabel('第1行组织').click();
  await pickTreeNode(page, org);
  await form.getByLabel('第1行角色').fill(role);
  await pickOption(page, role);
  await page.waitForTimeout(200);
  return form;
}

/**
 * Switches the active organisation with the header cascader (the page reloads on 首页) and waits for 首页 to show
 * it. A click that lands while the dropdown is still opening selects nothing: then it opens and picks again.
 */
export async function switchOrganization(page, name) {
  for (let attempt = 1; ; attempt++) {
    const item = page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu-item', { hasText: name }).first();
    if (!(await item.isVisible())) await page.getByTestId('org-cascader').click();
    await item.waitFor();
    await page.waitForTimeout(200);
    await item.click();
    await page.keyboard.press('Escape');
    try {
      await page.getByTestId('home-org').filter({ hasText: name }).waitFor({ timeout: 8000 });
      return;
    } catch (e) {
      if (attempt >= 3) throw e;
    }
  }
}

/**
 * Starts the cabinet simulator (`npm run simulate -- --device D… …`) for the given cabinets on the e2e server's
 * broker (the address the server wrote to DATA_DIR/mqtt-address, as `npm run simulate` finds it next to `npm start`);
 * resolves with the child process once it says all of them connected. Its output goes to e2e/artifacts/<log>.log.
 * `shoppers` consumers a minute per cabinet shop through the open API at `api` (the e2e server's base URL).
 * Stop it with stopSimulator (in a finally: a simulator left running keeps the runner from ending).
 */
export function startSimulator(
  dataDir,
  codes,
  { log = 'simulator', heartbeat = 2, telemetry = 3, seed = 7, minutes = 5, shoppers = 0, abnormal = 0, api = '' } = {},
) {
  const list = Array.isArray(codes) ? codes : [codes];
  const url = fs.readFileSync(path.join(dataDir, 'mqtt-address'), 'utf8').trim();
  const logFile = path.join(artifacts, `${log}.log`);
  const errFd = fs.openSync(logFile, 'w');
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(root, 'apps/server/src/simulate.ts'),
      ...list.flatMap((c) => ['--device', c]),
      ...['--minutes', String(minutes), '--seed', String(seed), '--heartbeat', String(heartbeat), '--telemetry', String(telemetry)],
      ...['--drop', '0', '--url', url],
      // consumers only where a journey asks for them (they buy through the open API of the server at `api`)
      ...['--shoppers', String(shoppers), '--abnormal', String(abnormal), ...(api ? ['--api', api] : [])],
    ],
    { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, stdio: ['ignore', 'pipe', errFd] },
  );
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the simulator did not connect: ${out}`)), 60_000);
    child.stdout.on('data', (b) => {
      out += b.toString();
      fs.appendFileSync(logFile, b);
      if (out.includes(`已连接 ${list.length} 台`)) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once('exit', (c) => {
      clearTimeout(timer);
      reject(new Error(`the simulator exited (${c}): ${out}`));
    });
  });
}

/** Stops a simulator started by startSimulator (nothing when absent or already ended); resolves once it exited. */
export async function stopSimulator(child) {
  if (!child || child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
}

/** The e2e server's embedded MQTT broker, as its start banner (in e2e/artifacts/server.log) names it. */
export function brokerUrl() {
  const log = fs.readFileSync(path.join(artifacts, 'server.log'), 'utf8');
  const m = /mqtt:\/\/[^:\s]+:(\d+)/.exec(log);
  assert(m, 'the server banner names no MQTT port');
  return `mqtt://127.0.0.1:${m[1]}`;
}

/**
 * Connects a registered cabinet over MQTT with its real credentials, like a real cabinet: it heartbeats (first with
 * `firmware`, then every 2 s — the e2e server marks a silent cabinet 离线 after 10 s) and acknowledges every command
 * with `ackMessage(cmd)`. Returns the client, the commands it received, and close() (for a finally).
 */
export async function connectCabinet(code, secret, { firmware = 'v3.0.0', ackMessage = () => '已执行' } = {}) {
  const client = await mqtt.connectAsync(brokerUrl(), { clientId: code, username: code, password: secret, reconnectPeriod: 0 });
  const received = [];
  let beat;
  const close = async () => {
    clearInterval(beat);
    await client.endAsync(true);
  };
  try {
    await client.subscribeAsync(`dev/${code}/down/cmd`, { qos: 1 });
    client.on('message', (_t, payload) => {
      const cmd = JSON.parse(payload.toString());
      received.push(cmd);
      client.publish(`dev/${code}/up/ack`, JSON.stringify({ v: 1, id: cmd.id, ok: true, message: ackMessage(cmd) }), { qos: 1 });
    });
    await client.publishAsync(`dev/${code}/up/heartbeat`, JSON.stringify({ v: 1, firmware }), { qos: 1 });
    beat = setInterval(() => client.publish(`dev/${code}/up/heartbeat`, JSON.stringify({ v: 1 }), { qos: 1 }), 2000);
  } catch (err) {
    await close();
    throw err;
  }
  return { client, received, close };
}

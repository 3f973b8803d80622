import type { Insertable, Kysely } from 'kysely';
import { calendarDateOf, DEFAULT_BUSINESS_TIME_ZONE, addDays } from '@merchant/contracts';
import type { Database } from '../../db/database.ts';
import { cstDate } from '../../platform/business-code.ts';
import { demoAccount, demoMerchantId, type Seed } from '../../platform/seeds.ts';

/**
 * The demo merchant's voice prompts (after the devices, order 30): 56 prompts of every type and scope, most 启用, some
 * 停用, some past their dates; each with its 新增 history, 停用 ones with their 停用 step. Every third prompt and every 停用
 * one was pushed once to the 已激活 cabinets it applies to: the 同步语音 commands (most 已确认, some 超时), the push rows,
 * the 推送 history and each cabinet's 发送指令 history, as a push on the link writes them. Deterministic.
 */
export const seed: Seed = {
  order: 36,
  isEmpty: async (db) => !(await db.selectFrom('voice_prompt').select('id').limit(1).executeTakeFirst()),
  demo: (db, { now }) => seedVoices(db, now),
};

const TEMPLATES: [type: string, name: string, content: string, from: string, to: string][] = [
  ['pickup', '取货成功提醒', '您好，商品已出货，请从取货口取走您的商品，欢迎再次光临。', '00:00', '23:59'],
  ['door', '关门提醒', '购物完成后请随手关好柜门，谢谢您的配合。', '00:00', '23:59'],
  ['promotion', '早餐促销', '早餐时段牛奶面包第二件半价，扫码即可购买。', '07:00', '09:30'],
  ['promotion', '午间饮品优惠', '午间饮品满十元减二元，欢迎选购。', '11:30', '13:30'],
  ['custom', '夜间安全提示', '夜间购物请注意周边安全，如遇问题请拨打柜身客服电话。', '21:00', '23:59'],
  ['door', '柜门未关提醒', '柜门尚未关闭，请将柜门推到底直至听到提示音。', '00:00', '23:59'],
  ['pickup', '冷藏商品提醒', '冷藏商品请尽快食用，注意保质期。', '08:00', '22:00'],
  ['promotion', '周末特惠', '周末零食饮料全场九折，扫码支付即享优惠。', '09:00', '21:00'],
];
const PLACES = ['徐汇滨江', '漕河泾', '静安寺', '陆家嘴', '张江', '虹桥'];
const MODELS = ['XS-S1-N', 'XS-S1-C', 'XS-D2-N', 'XS-D2-C', 'XS-S1-F'];

export async function seedVoices(db: Kysely<Database>, now: number): Promise<void> {
  const mid = await demoMerchantId(db);
  if (mid === undefined) return;
  const admin = await demoAccount(db, mid, 'admin');
  if (!admin) return;
  const today = calendarDateOf(now, DEFAULT_BUSINESS_TIME_ZONE);
  const rows: Insertable<Database['voice_prompt']>[] = [];
  const history: Insertable<Database['record_history']>[] = [];
  const devices = await db
    .selectFrom('device')
    .select(['id', 'device_code', 'model_code', 'created_at'])
    .where('merchant_id', '=', mid)
    .where('status', '=', 2)
    .orderBy('device_code')
    .execute();
  const commands: Insertable<Database['device_command']>[] = [];
  const pushes: { promptIndex: number; row: Omit<Insertable<Database['voice_push']>, 'prompt_id'> }[] = [];
  for (let i = 0; i < 56; i++) {
    const [type, base, content, from, to] = TEMPLATES[i % TEMPLATES.length];
    const place = PLACES[Math.floor(i / TEMPLATES.length) % PLACES.length];
    const created = now - (60 - i) * 86_400_000 + (i % 5) * 3_600_000;
    const scope = i % 3 === 0 ? 'all' : i % 3 === 1 ? 'model' : 'devices';
    const devices = scope === 'devices' ? [1, 2, 3].map((k) => `D2611${String(((i + k) % 20) + 1).padStart(6, '0')}`) : [];
    const past = i % 11 === 5;
    const code = `YY${cstDate(created)}${String((i * 7919 + 17) % 10_000).padStart(4, '0')}`;
    const name = `${place}${base}`.slice(0, 30);
    const row = {
      merchant_id: mid,
      prompt_code: code,
      name,
      voice_type: type,
      content,
      time_from: from,
      time_to: to,
      date_from: addDays(today, -60 + i),
      date_to: past ? addDays(today, -2) : addDays(today, 30 + (i % 4) * 30),
      scope,
      model_code: scope === 'model' ? MODELS[i % MODELS.length] : null,
      device_codes: JSON.stringify(devices),
      status: i % 4 === 3 || past ? 2 : 1,
      last_pushed_at: null as number | null,
      last_push_count: 0,
      version: 0,
      created_by: admin.id,
      created_at: created,
      updated_at: created,
    };
    rows.push(row);
    history.push({
      merchant_id: mid,
      subject: 'voice.prompt',
      subject_id: code,
      action: 'create',
      action_label: '新增语音提醒',
      changes: JSON.stringify([
        { field: 'name', label: '语音名称', before: '（空）', after: name },
        { field: 'content', label: '播报内容', before: '（空）', after: content },
      ]),
      remark: '',
      operator_id: admin.id,
      operator_name: admin.user_name,
      created_at: created,
    });
  }
  // pushes (version 0 at the time), then 停用 for the disabled ones (version 1)
  rows.forEach((row, i) => {
    const disabled = row.status === 2;
    if (!disabled && i % 3 !== 0) return;
    // within the last week (a day after it was made when younger), to the cabinets that existed then
    const pushedAt = Math.max(Number(row.created_at) + 86_400_000, now - 8 * 86_400_000 + (i % 5) * 43_200_000) + (i % 7) * 600_000;
    const targets = devices.filter(
      (d) =>
        Number(d.created_at) < pushedAt &&
        (row.scope === 'all' ||
          (row.scope === 'model' && row.model_code === d.model_code) ||
          (row.scope === 'devices' && (JSON.parse(row.device_codes) as string[]).includes(d.device_code))),
    );
    targets.forEach((d, k) => {
      const timedOut = (i + k) % 7 === 3;
      const commandNo = `C${pushedAt}${(((i * 131 + k) * 2654435761) >>> 0).toString(16).padStart(8, '0')}`;
      commands.push({
        merchant_id: mid,
        device_id: d.id,
        command_no: commandNo,
        command_type: 'voice-sync',
        status: timedOut ? 3 : 2,
        result: timedOut ? '设备未在规定时间内确认' : `已同步语音${2 + ((i + k) % 4)}条`,
        operator_name: admin.user_name,
        sent_at: pushedAt,
        acked_at: timedOut ? 0 : pushedAt + 800 + k * 37,
      });
      pushes.push({
        promptIndex: i,
        row: {
          merchant_id: mid,
          prompt_version: 0,
          device_id: d.id,
          device_code: d.device_code,
          command_no: commandNo,
          operator_name: admin.user_name,
          pushed_at: pushedAt,
        },
      });
      history.push({
        merchant_id: mid,
        subject: 'device.device',
        subject_id: d.device_code,
        action: 'command',
        action_label: '发送指令',
        changes: '[]',
        remark: `同步语音（指令号 ${commandNo}）：语音提醒${row.prompt_code}`,
        operator_id: admin.id,
        operator_name: admin.user_name,
        created_at: pushedAt,
      });
    });
    if (targets.length > 0) {
      row.last_pushed_at = pushedAt;
      row.last_push_count = targets.length;
      history.push({
        merchant_id: mid,
        subject: 'voice.prompt',
        subject_id: row.prompt_code,
        action: 'push',
        action_label: '推送到设备',
        changes: '[]',
        remark: `同步语音指令发送到${targets.length}台设备`,
        operator_id: admin.id,
        operator_name: admin.user_name,
        created_at: pushedAt,
      });
    }
    if (disabled) {
      const at = pushedAt + 86_400_000;
      row.version = 1;
      row.updated_at = at;
      history.push({
        merchant_id: mid,
        subject: 'voice.prompt',
        subject_id: row.prompt_code,
        action: 'disable',
        action_label: '停用语音提醒',
        changes: JSON.stringify([{ field: 'status', label: '状态', before: '启用', after: '停用' }]),
        remark: row.date_to < today ? '已过有效期，停用' : '活动暂停，推送后设备生效',
        operator_id: admin.id,
        operator_name: admin.user_name,
        created_at: at,
      });
    }
  });
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('voice_prompt').values(rows).execute();
    const ids = new Map(
      (await trx.selectFrom('voice_prompt').select(['id', 'prompt_code']).where('merchant_id', '=', mid).execute()).map((p) => [
        p.prompt_code,
        p.id,
      ]),
    );
    for (let k = 0; k < commands.length; k += 200)
      await trx
        .insertInto('device_command')
        .values(commands.slice(k, k + 200))
        .execute();
    const pushRows = pushes.map((p) => ({ ...p.row, prompt_id: ids.get(rows[p.promptIndex].prompt_code)! }));
    for (let k = 0; k < pushRows.length; k += 200)
      await trx
        .insertInto('voice_push')
        .values(pushRows.slice(k, k + 200))
        .execute();
    history.sort((a, b) => Number(a.created_at) - Number(b.created_at));
    for (let k = 0; k < history.length; k += 200)
      await trx
        .insertInto('record_history')
        .values(history.slice(k, k + 200))
        .execute();
  });
}

import { type ApiClient, CODES } from '@merchant/contracts';
import { roleOps } from '@merchant/contracts/system/role';
import { accountOps } from '@merchant/contracts/system/account';
import { FILE_PATHS, type FileMeta, fileOps } from '@merchant/contracts/file/upload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, op, registerMerchant, startTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness.ts';
import { tinyPng, upload } from '../../test/upload-kit.ts';

/** A PDF-shaped contract scan. */
const contractPdf = () => Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer\n<<>>\n%%EOF\n', 'latin1');

/**
 * Issue 10 item 7: a file is read (info, bytes) only by a session of its own merchant whose active
 * role holds one of the pages of the file's purpose (an admin role holds all); ids are random.
 */
describe.each(DIALECTS)('who may read a file (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let other: ApiClient;
  let licence: FileMeta;
  let contract: FileMeta;
  const png = tinyPng();
  const pdf = contractPdf();
  let accounts = 0;

  /** A new account of the demo merchant whose one role holds exactly these pages (by anchor). */
  async function accountWithPages(anchors: string[]) {
    const menus = await t.db.db
      .selectFrom('menu')
      .select('id')
      .where('anchor', 'in', ['section-basic', ...anchors])
      .execute();
    expect(menus).toHaveLength(anchors.length + 1);
    const root = await t.db.db
      .selectFrom('organization')
      .select('id')
      .where('merchant_id', '=', 1)
      .where('parent_id', 'is', null)
      .executeTakeFirstOrThrow();
    accounts++;
    const role = await op(admin, roleOps.add, { organizationId: root.id, name: `附件角色${accounts}`, menuIds: menus.map((m) => m.id) });
    expect(role.code, role.msg).toBe(CODES.ok);
    const userName = `filereader${accounts}`;
    const added = await op(admin, accountOps.add, {
      userName,
      phone: `1360000${String(accounts).padStart(4, '0')}`,
      password: TEST_PASSWORD,
      memberships: [{ organizationId: root.id, roleId: (role.data as { id: number }).id }],
    });
    expect(added.code, added.msg).toBe(CODES.ok);
    return t.signIn(userName);
  }

  const info = (client: ApiClient, id: unknown) => op(client, fileOps.info.name, { id });
  const download = (client: ApiClient, id: string) => client.send({ method: 'GET', path: FILE_PATHS.download, query: { id } });
  const downloadEnvelope = (client: ApiClient, id: string) => client.envelope({ method: 'GET', path: FILE_PATHS.download, query: { id } });

  /** Reads info and bytes; both must succeed and the bytes be the uploaded ones. */
  async function expectReads(client: ApiClient, file: FileMeta, bytes: Buffer) {
    expect(await info(client, file.id)).toMatchObject({ code: CODES.ok, data: { id: file.id, name: file.name } });
    const res = await download(client, file.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(file.mime);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  }

  /** Info and download refused with `code` and `msg`; the download answers JSON, never the bytes. */
  async function expectRefused(client: ApiClient, file: FileMeta, code: string, msg: string) {
    expect(await info(client, file.id)).toMatchObject({ code, msg, data: null });
    expect(await downloadEnvelope(client, file.id)).toMatchObject({ code, msg, data: null });
    const res = await download(client, file.id);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('content-disposition')).toBeNull();
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.includes(Buffer.from('PNG', 'latin1'))).toBe(false);
    expect(body.includes(Buffer.from('%PDF', 'latin1'))).toBe(false);
  }

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    other = await registerMerchant(t, '别家附件商户', 'fileowner', '13700000077');
    licence = (await upload(admin, '营业执照.png', png, 'licence')).data.file!;
    contract = (await upload(admin, '采购合同.pdf', pdf, 'contract')).data.file!;
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses operator, site and owner a licence or a contract file: a clear refusal, no bytes', async () => {
    for (const userName of ['operator', 'site', 'owner']) {
      const client = await t.signIn(userName);
      await expectRefused(client, licence, CODES.forbidden, '没有查看营业执照/证件照片的权限');
      await expectRefused(client, contract, CODES.forbidden, '没有查看合同附件的权限');
    }
  });

  it('answers another merchant "not found", even its administrator', async () => {
    await expectRefused(other, licence, CODES.notFound, '文件不存在');
    await expectRefused(other, contract, CODES.notFound, '文件不存在');
  });

  it('gives files random ids: row numbers and guesses are not found', async () => {
    for (const f of [licence, contract]) expect(f.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(licence.id).not.toBe(contract.id);
    const rows = await t.db.db.selectFrom('file').select(['id', 'public_id']).where('merchant_id', '=', 1).execute();
    const rowIds = rows.map((r) => r.id);
    expect(rows.map((r) => r.public_id).sort()).toEqual([licence.id, contract.id].sort());
    const guesses: unknown[] = [
      ...rowIds,
      ...rowIds.map(String),
      Math.max(...rowIds) + 1,
      1,
      '0',
      'AAAAAAAAAAAAAAAAAAAAAA',
      `${licence.id.slice(0, 21)}${licence.id.endsWith('A') ? 'B' : 'A'}`,
    ];
    for (const id of guesses) {
      expect(await info(admin, id), `file.info ${String(id)}`).toMatchObject({ code: CODES.notFound, msg: '文件不存在' });
      expect(await downloadEnvelope(admin, String(id)), `download ${String(id)}`).toMatchObject({
        code: CODES.notFound,
        msg: '文件不存在',
      });
    }
    // not an id at all: bad input naming the field
    expect(await info(admin, '../1.png')).toMatchObject({ code: CODES.badInput, msg: '附件不正确（字段：id）' });
  });

  it('lets the pages that own a file read it, and only those', async () => {
    const contracts = await accountWithPages(['contract-list']);
    await expectReads(contracts, contract, pdf);
    await expectRefused(contracts, licence, CODES.forbidden, '没有查看营业执照/证件照片的权限');

    const reviewer = await accountWithPages(['apply-record']);
    await expectReads(reviewer, licence, png);
    await expectRefused(reviewer, contract, CODES.forbidden, '没有查看合同附件的权限');

    const infoPage = await accountWithPages(['information-detail']);
    await expectReads(infoPage, licence, png);
    await expectRefused(infoPage, contract, CODES.forbidden, '没有查看合同附件的权限');

    // a page that has nothing to do with files (门店员工) reads none
    const staff = await accountWithPages(['user-list']);
    await expectRefused(staff, licence, CODES.forbidden, '没有查看营业执照/证件照片的权限');
    await expectRefused(staff, contract, CODES.forbidden, '没有查看合同附件的权限');

    // the administrator holds every page
    await expectReads(admin, licence, png);
    await expectReads(admin, contract, pdf);
  });

  it('shows the uploader its fresh upload before it is attached to anything', async () => {
    const changer = await accountWithPages(['change-view']);
    const fresh = await upload(changer, '新证件.png', png, 'licence');
    expect(fresh.code, fresh.msg).toBe(CODES.ok);
    await expectReads(changer, fresh.data.file!, png);
    const clerk = await accountWithPages(['contract-list']);
    const scan = await upload(clerk, '补充协议.pdf', pdf, 'contract');
    expect(scan.code, scan.msg).toBe(CODES.ok);
    await expectReads(clerk, scan.data.file!, pdf);
    // …and no one else without the page
    await expectRefused(await t.signIn('operator'), scan.data.file!, CODES.forbidden, '没有查看合同附件的权限');
  });
});

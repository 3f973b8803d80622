/* global document -- used inside page.waitForFunction callbacks, which run in the browser */
import { assert, downloadFrom, openPage, shotPath, signIn, startSimulator, stopSimulator, waitForTitle } from './kit.mjs';

/**
 * Journey of the money ledger (issue 17, docs/finance.md): the simulator's consumers buy at a cabinet with a 柜主
 * agreement; their payments show on 分账明细 split between the merchant, the 柜主, the point and the platform. From
 * 资金账户 the merchant's balance leads to its 资金流水, a record to its order's detail and back; the merchant applies
 * for a withdrawal on its detail (可用 → 在途), which is approved and paid (已打款); 项目账单 downloads as .xlsx.
 */
const extraShot = shotPath('finance');
// a cabinet bound to a point, with an owner's agreement (the demo gives four of every five cabinets one)
const CABINET = 'D2611000002';
const rowsOf = (scope) => scope.locator('tbody tr.ant-table-row');
const MERCHANT = '鲜速达智能零售有限公司';

export const financeJourneys = [
  {
    name: 'finance-balance-records-order-withdraw',
    title:
      '资金账户: a simulated sale splits; a balance → its records → the order and back; a withdrawal applied, approved, paid; 项目账单 exported',
    async run({ page, base, password, dataDir, shot }) {
      assert(dataDir, 'the e2e runner passes no dataDir');
      const simulator = await startSimulator(dataDir, [CABINET], {
        log: 'finance-simulator',
        shoppers: 6,
        abnormal: 0,
        api: base,
        minutes: 3,
      });
      try {
        await signIn(page, base, 'admin', password);

        // ---- the sale, split: 分账明细 of the cabinet shows a 待结算 split with the 柜主's share
        await openPage(page, '财务管理', /^分账明细$/, /\/website\/finance\/capital-subledger/);
        await waitForTitle(page, '分账明细');
        const splits = page.getByTestId('split-list-subledger');
        await splits.getByPlaceholder(/设备编号/).fill(CABINET);
        const search = splits.getByRole('button', { name: /查\s*询/ });
        const fresh = rowsOf(splits).filter({ hasText: '待结算' });
        for (let n = 0; ; n++) {
          await search.click();
          await page.waitForTimeout(1500);
          if ((await fresh.count()) > 0) break;
          assert(n < 80, `no split of the simulator's sales at ${CABINET} within 2 minutes`);
        }
        await page.getByTestId('split-totals').waitFor();
        await shot(extraShot('splits'));

        // ---- 资金账户 → the merchant's 流水 → a record's order → back
        await openPage(page, '财务管理', '资金账户', /\/website\/finance\/capital-list/);
        await page.getByTestId('capital-summary').waitFor();
        const accounts = page.getByTestId('capital-list');
        const merchantRow = rowsOf(accounts).filter({ hasText: MERCHANT }).first();
        await merchantRow.waitFor();
        const partyCode = (await merchantRow.locator('a').first().innerText()).trim();
        assert(/^FP\d{8}$/.test(partyCode), `party code ${partyCode}`);
        await shot(extraShot('accounts'));
        await merchantRow
          .getByRole('button', { name: /流\s*水/ })
          .or(merchantRow.getByText('流水', { exact: true }))
          .first()
          .click();
        await page.waitForURL(new RegExp(`capital-record/${partyCode}`));
        const records = page.getByTestId('capital-records');
        const withOrder = rowsOf(records)
          .filter({ has: page.locator('a', { hasText: /^XS\d{14}$/ }) })
          .first();
        await withOrder.waitFor();
        await shot(extraShot('records'));
        const orderLink = withOrder.locator('a', { hasText: /^XS\d{14}$/ }).first();
        const orderNo = (await orderLink.innerText()).trim();
        await orderLink.click();
        await page.waitForURL(new RegExp(`salesOrder-list-detail/${orderNo}`));
        await page.getByText('沙箱支付').first().waitFor();
        await page.goBack();
        await page.waitForURL(new RegExp(`capital-record/${partyCode}`));
        await rowsOf(page.getByTestId('capital-records')).first().waitFor();

        // ---- a withdrawal: applied on the detail (可用 → 在途), approved, paid
        await page.goto(`${base}/website/finance/capital-detail/${partyCode}`);
        await page.getByTestId('capital-detail-title').waitFor();
        await page.getByRole('button', { name: '申请提现' }).click();
        const apply = page.getByRole('dialog').filter({ hasText: '申请提现' });
        await apply.getByLabel('提现金额（元）').fill('12.34');
        await apply.getByRole('button', { name: '提交申请' }).click();
        await apply.waitFor({ state: 'detached' });
        const list = page.getByTestId('withdrawal-list');
        const row = rowsOf(list).filter({ hasText: '12.34' }).filter({ hasText: '待审核' }).first();
        await row.waitFor();
        const withdrawNo = (await row.innerText()).match(/TX\d{10}/)?.[0];
        assert(withdrawNo, 'the new withdrawal has no TX number in its row');
        for (const [action, state] of [
          ['审核通过', '待打款'],
          ['确认打款', '已打款'],
        ]) {
          await rowsOf(list).filter({ hasText: withdrawNo }).getByRole('button', { name: action }).click();
          const dialog = page.getByRole('dialog').filter({ hasText: withdrawNo });
          await dialog.getByRole('button', { name: action === '确认打款' ? '确认打款' : `确认${action}` }).click();
          await dialog.waitFor({ state: 'detached' });
          await rowsOf(list).filter({ hasText: withdrawNo }).filter({ hasText: state }).waitFor();
        }
        await shot(extraShot('withdrawn'));

        // ---- 项目账单: the settlement bills, downloaded
        await openPage(page, '财务管理', '项目账单', /\/website\/finance\/project-bill-record/);
        const bills = page.getByTestId('settlement-bills');
        await rowsOf(bills).first().waitFor();
        // the latest bill (a list above the run's EXPORT_SYNC_MAX_ROWS would become a background task)
        const settleNo = (await rowsOf(bills).first().innerText()).match(/JS\d{10}/)?.[0];
        assert(settleNo, 'the latest bill has no JS number');
        await bills.getByPlaceholder(/结算单号/).fill(settleNo);
        await bills.getByRole('button', { name: /查\s*询/ }).click();
        await page.waitForFunction(() => document.querySelectorAll('[data-testid="settlement-bills"] tbody tr.ant-table-row').length === 1);
        const file = await downloadFrom(page, bills.getByRole('button', { name: /导\s*出/ }));
        assert(file.magic === 'PK' && file.name.endsWith('.xlsx'), `the bills download is ${file.name} (${file.magic})`);
        await shot();
      } finally {
        await stopSimulator(simulator);
      }
    },
  },
];

/**
 * 收款设置 (issue 17): a 分账协议 for a cabinet without one — a new 柜主 opened from the form, 15 % of the cabinet's
 * sales —; the agreement lists with the point's commission, the fee and what the merchant keeps; 开通状态 已开通.
 */
export const collectionJourneys = [
  {
    name: 'finance-collection-agreement',
    title: '分账协议: a new 柜主 and a 15 % agreement on a free cabinet; 收款设置 and 开通状态 show it set up',
    async run({ page, base, password, shot }) {
      await signIn(page, base, 'admin', password);
      await openPage(page, '财务管理', '收款设置', /\/website\/finance\/collection-setting$/);
      await page.getByTestId('collection-setting').getByText('沙箱支付').first().waitFor();
      await openPage(page, '财务管理', /^分账协议$/, /\/website\/finance\/collection-setting-agreement/);
      const list = page.getByTestId('agreement-list');
      await rowsOf(list).first().waitFor();
      // every fifth demo cabinet has no agreement
      const cabinet = 'D2611000010';
      await list.getByRole('button', { name: /新增协议/ }).click();
      const form = page.getByRole('dialog').filter({ hasText: '新增分账协议' });
      await form.getByLabel('设备编号').fill(cabinet);
      await form.getByRole('button', { name: /新增柜主/ }).click();
      const ownerForm = page.getByRole('dialog').filter({ hasText: '手机号' }).last();
      await ownerForm.getByLabel('姓名').fill('钱海涛');
      await ownerForm.getByLabel('手机号').fill(`139${String(Date.now()).slice(-8)}`);
      await ownerForm
        .getByRole('button', { name: /确\s*定|保\s*存|新\s*增/ })
        .last()
        .click();
      await page.locator('.ant-message-notice', { hasText: '已新增柜主 钱海涛' }).waitFor();
      await form.getByLabel('柜主分成比例（%）').fill('15');
      await form
        .getByRole('button', { name: /确\s*定|保\s*存/ })
        .last()
        .click();
      await form.waitFor({ state: 'detached' });
      await list.getByPlaceholder(/设备编号/).fill(cabinet);
      await list.getByRole('button', { name: /查\s*询/ }).click();
      const row = rowsOf(list).filter({ hasText: cabinet }).filter({ hasText: '钱海涛' });
      await row.filter({ hasText: '15.00%' }).waitFor();
      await shot(extraShot('agreement'));
      await openPage(page, '财务管理', '开通状态', /\/website\/finance\/collection-setting-status/);
      await page.getByTestId('check-agreement').waitFor();
      await page.getByText('已开通').first().waitFor();
      await shot();
    },
  },
  {
    name: 'finance-supply-consignment',
    title: '供应商代销: a 代销协议 made from a supplier’s SKU; 供应商资金 shows the supplier, its records lead to the sales that paid it',
    async run({ page, base, password, shot }) {
      await signIn(page, base, 'admin', password);
      await openPage(page, '财务管理', /^分账协议$/, /\/website\/finance\/collection-setting-agreement/);
      await page.getByRole('tab', { name: '供应商代销' }).click();
      await page.waitForURL(/tab=supply/);
      const list = page.getByTestId('supply-agreement-list');
      await rowsOf(list).first().waitFor();
      const before = await rowsOf(list).count();

      // 新增: pick a SKU a supplier supplies that has no agreement yet; the price starts at its 采购价
      await list.getByRole('button', { name: /新增代销协议/ }).click();
      const form = page.getByRole('dialog').filter({ hasText: '新增代销协议' });
      await form.getByRole('combobox', { name: '代销商品' }).click();
      const option = page.locator('.ant-select-dropdown .ant-select-item-option:not(.ant-select-item-option-disabled)').first();
      await option.waitFor();
      const picked = (await option.innerText()).trim();
      const skuCode = /K\d{8}/.exec(picked)?.[0];
      assert(skuCode, `candidate ${picked}`);
      await option.click();
      const price = form.getByLabel('代销结算价（元）');
      await page.waitForFunction((el) => /^\d+\.\d{2}$/.test(el.value), await price.elementHandle());
      await price.fill('1.88');
      await form.getByLabel('备注').fill('端到端测试代销');
      await shot(extraShot('supply-form'));
      await form
        .getByRole('button', { name: /确\s*定|保\s*存/ })
        .last()
        .click();
      await form.waitFor({ state: 'detached' });
      await page.locator('.ant-message-notice', { hasText: `已保存 ${skuCode} 的代销协议` }).waitFor();
      const row = rowsOf(list).filter({ hasText: skuCode });
      await row.filter({ hasText: '1.88' }).waitFor();
      assert((await rowsOf(list).count()) >= Math.min(before + 1, 10), 'the new agreement is listed');
      await shot(extraShot('supply-agreements'));

      // 供应商资金: the demo's consigned sales paid a supplier; its 流水 shows the splits with their orders
      await openPage(page, '财务管理', /^供应商资金$/, /\/website\/finance\/capital-list-supplier$/);
      const accounts = page.getByTestId('capital-list');
      const supplierRow = rowsOf(accounts).filter({ hasText: '粤海饮品批发' }).first();
      await supplierRow.waitFor();
      await shot(extraShot('suppliers'));
      await supplierRow
        .getByRole('button', { name: /流\s*水/ })
        .or(supplierRow.getByText('流水', { exact: true }))
        .first()
        .click();
      await page.waitForURL(/capital-record\/FP\d{8}/);
      const records = page.getByTestId('capital-records');
      await rowsOf(records).filter({ hasText: '分账' }).first().waitFor();
      await rowsOf(records)
        .filter({ has: page.locator('a', { hasText: /^XS\d{14}$/ }) })
        .first()
        .waitFor();
      await shot();
    },
  },
];

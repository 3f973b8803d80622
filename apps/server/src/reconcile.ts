import { loadConfig, ConfigError } from './config.ts';
import { createDb } from './db/database.ts';
import { discoverChecks, reconcileAll } from './platform/reconcile.ts';

/**
 * npm run reconcile — checks every ledger invariant (DESIGN §5a) for every merchant of the database the server's
 * settings name (DATA_DIR / DATABASE_URL). Prints one line per check and merchant with a problem, and a summary; exits
 * 1 when anything is off, 0 when every ledger holds. Read only.
 */
async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 2;
    }
    throw err;
  }
  const db = await createDb({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    const checks = await discoverChecks();
    const findings = await reconcileAll(db.db, checks);
    const bad = findings.filter((f) => f.problems.length > 0);
    for (const f of bad) {
      console.error(`✗ 商户 ${f.merchantId} · ${f.check}`);
      for (const p of f.problems.slice(0, 20)) console.error(`    ${p}`);
      if (f.problems.length > 20) console.error(`    … 另有 ${f.problems.length - 20} 条`);
    }
    const merchants = new Set(findings.map((f) => f.merchantId)).size;
    console.log(
      bad.length === 0
        ? `reconcile: ${checks.length} 项检查 × ${merchants} 个商户，全部一致 (every ledger holds)`
        : `reconcile: ${bad.length} 处不一致 (${bad.length} check × merchant pairs failed)`,
    );
    return bad.length === 0 ? 0 : 1;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('reconcile 失败 (failed):', err instanceof Error ? err.message : err);
    process.exit(1);
  },
);

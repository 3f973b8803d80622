import { loadConfig, ConfigError } from './config.ts';
import { buildApp } from './app.ts';
import { createDb } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { runSeeds } from './platform/seeds.ts';
import { forgetBrokerAddress, writeBrokerAddress } from './platform/device-link/broker-address.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const db = await createDb({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  await migrateToLatest(db.db);
  const { app, deps } = await buildApp({ config, db });
  const seeded = await runSeeds(db.db, config, Date.now());
  const close = async () => {
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await app.listen({ port: config.port, host: config.host });
  const where = `http://localhost:${config.port}`;
  console.log(`\n商户管理系统已启动 (merchant back-office is running): ${where}   数据库: ${db.dialect}`);
  if (deps.services.deviceLink) console.log(`设备连接 (device link, MQTT): ${deps.services.deviceLink.describe()}`);
  const local = deps.services.deviceLink?.localUrl();
  if (local) {
    writeBrokerAddress(config.dataDir, local);
    process.once('exit', () => forgetBrokerAddress(config.dataDir, local));
  }
  if (seeded) {
    console.log('\n已写入演示数据 (demo data seeded). 演示账号 (demo accounts): admin, operator, owner, finance, site, multi');
    console.log(
      seeded.generated
        ? `演示密码 (demo password, shown once — set DEMO_PASSWORD to choose your own): ${seeded.password}`
        : '演示密码 (demo password): 取自 DEMO_PASSWORD (the value of DEMO_PASSWORD)',
    );
  }
}

main().catch((err) => {
  console.error('启动失败 (failed to start):', err instanceof Error ? err.message : err);
  process.exit(1);
});

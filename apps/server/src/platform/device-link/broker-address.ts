import fs from 'node:fs';
import path from 'node:path';

/**
 * Where the running server's embedded broker listens, for other processes on this machine (npm run simulate):
 * `DATA_DIR/mqtt-address`, written at start, removed at exit. The port can differ from MQTT_PORT's default when
 * 1883 was taken (decision 34).
 */
const fileOf = (dataDir: string) => path.join(dataDir, 'mqtt-address');

export function writeBrokerAddress(dataDir: string, url: string): void {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(fileOf(dataDir), `${url}\n`);
}

/** Removes the address if it is still this server's (another server may have started on the same DATA_DIR). */
export function forgetBrokerAddress(dataDir: string, url: string): void {
  try {
    if (fs.readFileSync(fileOf(dataDir), 'utf8').trim() === url) fs.rmSync(fileOf(dataDir));
  } catch {
    /* already gone */
  }
}

/** The address a server on this DATA_DIR announced, if any. */
export function readBrokerAddress(dataDir: string): string | undefined {
  try {
    const url = fs.readFileSync(fileOf(dataDir), 'utf8').trim();
    return /^mqtt:\/\/[\w.-]+:\d+$/.test(url) ? url : undefined;
  } catch {
    return undefined;
  }
}

import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../clock.ts';
import { DeviceLink } from './device-link.ts';

/** A port some other program holds (as a Mosquitto holds 1883 on this machine). */
async function takenPort(): Promise<{ port: number; release: () => Promise<void> }> {
  const other = net.createServer();
  await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
  return { port: (other.address() as net.AddressInfo).port, release: () => new Promise((r) => other.close(() => r())) };
}

const quiet = () => undefined;
const log = {
  info: quiet,
  warn: quiet,
  error: quiet,
  debug: quiet,
  trace: quiet,
  fatal: quiet,
  silent: quiet,
  level: 'silent',
  child: () => log,
} as unknown as FastifyBaseLogger;
const handler = { authenticate: async () => 'bad' as const, receive: async () => undefined, sweep: async () => undefined };
const linkOn = (port: number, portIsDefault: boolean) =>
  new DeviceLink({ mode: 'embedded', port, portIsDefault, host: '127.0.0.1', sweepIntervalMs: 0 }, systemClock, log, handler);

describe('the embedded broker and a taken port (decision 34)', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanup.splice(0)) await c();
  });

  it('moves to a free port and says so when the default port is taken', async () => {
    const other = await takenPort();
    cleanup.push(other.release);
    const link = linkOn(other.port, true);
    await link.start();
    cleanup.push(() => link.stop());
    expect(link.port).toBeGreaterThan(0);
    expect(link.port).not.toBe(other.port);
    expect(link.localUrl()).toBe(`mqtt://127.0.0.1:${link.port}`);
    expect(link.describe()).toContain(`端口 ${other.port} 已被其他程序占用，已改用空闲端口`);
  });

  it('refuses to start on a chosen port that is taken, naming the way out', async () => {
    const other = await takenPort();
    cleanup.push(other.release);
    const link = linkOn(other.port, false);
    await expect(link.start()).rejects.toThrow(
      `MQTT 端口 ${other.port} 已被占用 (port in use)：设置 MQTT_PORT=0 自动选择空闲端口，或设置 MQTT_URL 连接已在运行的代理`,
    );
  });
});

// Gateway throughput: a small authenticated list operation through the secure channel, as a ratio to a
// bare Fastify route and to the same operation without the channel, all measured in this run.
import { fork } from 'node:child_process';
import { ApiClient, GATEWAY_PATHS, type SealedChannelRequest, SecureChannelClient } from '@merchant/contracts';
import { signInOps } from '@merchant/contracts/permission/sign-in';
import { loginLogOps } from '@merchant/contracts/system/login-log';

const password = `Bench${Math.random().toString(36).slice(2, 10)}9`;
const child = fork(new URL('./gateway-server.ts', import.meta.url), {
  execArgv: ['--import', 'tsx'],
  env: { ...process.env, BENCH_PASSWORD: password },
});
const ports = await new Promise<{ app: number; bare: number }>((resolve) => child.once('message', (m) => resolve(m as never)));
const base = `http://127.0.0.1:${ports.app}`;

const client = new ApiClient({ baseUrl: base });
const { token } = await client.call<{ token: string }>({
  method: 'POST',
  path: GATEWAY_PATHS.ignoreSecurity,
  body: { name: signInOps.loginPassword.name, body: { userName: 'admin', password } },
});
const listCall = { name: loginLogOps.list.name, body: { pageNum: 1, pageSize: 10 } };

const N = Number(process.env.BENCH_REQUESTS ?? 3000);
const CONCURRENCY = 16;

async function run(label: string, make: (i: number) => Promise<[string, RequestInit]> | [string, RequestInit]): Promise<number> {
  const reqs = await Promise.all(Array.from({ length: N }, (_, i) => make(i))); // prepared outside the timed window
  let next = 0;
  let failures = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < N) {
        const [url, init] = reqs[next++];
        const res = await fetch(url, init);
        const json = (await res.json()) as { code?: string; encrypted?: boolean };
        if (json.code !== '200' && !json.encrypted) failures++;
      }
    }),
  );
  const rps = N / ((performance.now() - t0) / 1000);
  console.log(`${label.padEnd(40)} ${rps.toFixed(0).padStart(7)} req/s${failures ? `  (${failures} failed!)` : ''}`);
  if (failures) process.exitCode = 1;
  return rps;
}

const headers = { 'content-type': 'application/json', authorization: token };
const channel = new SecureChannelClient({
  handshake: async (hello) =>
    (
      (await (await fetch(base + GATEWAY_PATHS.handshake, { method: 'POST', headers, body: JSON.stringify(hello) })).json()) as {
        data: unknown;
      }
    ).data,
});
const sealed = (s: SealedChannelRequest): [string, RequestInit] => [
  base + s.url,
  { method: 'POST', headers, body: JSON.stringify(s.body) },
];

// warm-up
await run('warm-up (secure gateway)', async () =>
  sealed(await channel.seal({ method: 'POST', path: GATEWAY_PATHS.request, body: listCall, encryptResponse: true })),
);
const bare = await run('bare Fastify route', () => [`http://127.0.0.1:${ports.bare}/bare`, { method: 'POST', headers, body: '{}' }]);
const plain = await run('gateway list, no channel', () => [
  `${base}/bench/plain-request`,
  { method: 'POST', headers, body: JSON.stringify(listCall) },
]);
const secure = await run('gateway list, secure channel (encrypted)', async () =>
  sealed(await channel.seal({ method: 'POST', path: GATEWAY_PATHS.request, body: listCall, encryptResponse: true })),
);
console.log(`gateway (secure) / bare route: ${(secure / bare).toFixed(2)}  (target >= 0.25)`);
console.log(`secure channel cost: encrypted / plain gateway = ${(secure / plain).toFixed(2)}`);
child.send('stop');

import { RESTOCKED_EVENT, restockedEventData } from '@merchant/contracts/device/device-protocol';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { DeviceLink } from '../../platform/device-link/device-link.ts';
import type { GatewayDeps } from '../../platform/gateway/gateway.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { completeFromDevice } from '../stock/replenish-order.service.ts';
import { deviceLinkHandler } from './device.link.ts';

/** The context of work a device's report does for its merchant: named 系统（设备上报） in history and the ledger. */
function deviceContext(deps: GatewayDeps, merchantId: number, log: FastifyBaseLogger): SessionOpContext {
  return {
    db: deps.db.db,
    dialect: deps.db.dialect,
    stream: deps.db.stream,
    config: deps.config,
    clock: deps.clock,
    log,
    ip: '',
    userAgent: 'device-link',
    services: deps.services,
    session: { sessionId: 0, accountId: 0, merchantId, userName: '系统（设备上报）', organizationId: null, roleIds: [] },
    merchantId,
  };
}

const links = new WeakMap<FastifyInstance, DeviceLink>();

/** The device link of an app (tests drive its sweep and read its port). */
export const deviceLinkOf = (app: FastifyInstance): DeviceLink | undefined => links.get(app);

/**
 * Starts the device link with the app (embedded broker or external client, per config) and stops it with
 * the app; the services get it so that operations can send commands and disconnect devices.
 */
export function registerRoutes(app: FastifyInstance, deps: GatewayDeps): void {
  const link = new DeviceLink(
    deps.config.deviceLink,
    deps.clock,
    app.log,
    deviceLinkHandler(deps.db.db, {
      offlineAfterMs: deps.config.deviceLink.offlineAfterMs,
      events: {
        // a cabinet's replenishment load completes its 补货单 (as the system, docs/stock.md "补货")
        [RESTOCKED_EVENT]: (d, data) =>
          completeFromDevice(deviceContext(deps, d.merchantId, app.log), d.deviceCode, restockedEventData.parse(data)),
      },
    }),
  );
  deps.services.deviceLink = link;
  links.set(app, link);
  app.addHook('onReady', () => link.start());
  app.addHook('onClose', () => link.stop());
}

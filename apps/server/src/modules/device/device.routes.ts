import {
  DOOR_CLOSED_EVENT,
  DOOR_OPENED_EVENT,
  doorClosedEventData,
  doorOpenedEventData,
  RESTOCKED_EVENT,
  restockedEventData,
} from '@merchant/contracts/device/device-protocol';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { DeviceLink } from '../../platform/device-link/device-link.ts';
import { appEnv, type GatewayDeps } from '../../platform/gateway/gateway.ts';
import { actingAsSystem, type SessionOpContext } from '../../platform/gateway/op-context.ts';
import * as doors from '../order/door-session.service.ts';
import { completeFromDevice } from '../stock/replenish-order.service.ts';
import { deviceLinkHandler } from './device.link.ts';

/** The context of work a device's report does for its merchant: named 系统（设备上报） in history and the ledger. */
const deviceContext = (deps: GatewayDeps, merchantId: number, log: FastifyBaseLogger): SessionOpContext =>
  actingAsSystem(appEnv(deps, log), merchantId, { userName: '系统（设备上报）', userAgent: 'device-link' });

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
        // a consumer's door session and the cabinet order it makes (docs/orders.md "智能柜购物")
        [DOOR_OPENED_EVENT]: (d, data) =>
          doors.onDoorOpened(deviceContext(deps, d.merchantId, app.log), d.deviceCode, doorOpenedEventData.parse(data)),
        [DOOR_CLOSED_EVENT]: (d, data) =>
          doors.onDoorClosed(deviceContext(deps, d.merchantId, app.log), d.deviceCode, doorClosedEventData.parse(data)),
      },
      sweeps: [(now) => doors.sweep(deps.db.db, now, (merchantId) => deviceContext(deps, merchantId, app.log))],
    }),
  );
  deps.services.deviceLink = link;
  links.set(app, link);
  app.addHook('onReady', () => link.start());
  app.addHook('onClose', () => link.stop());
}

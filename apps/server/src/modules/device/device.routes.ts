import type { FastifyInstance } from 'fastify';
import { DeviceLink } from '../../platform/device-link/device-link.ts';
import type { GatewayDeps } from '../../platform/gateway/gateway.ts';
import { deviceLinkHandler } from './device.link.ts';

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
    deviceLinkHandler(deps.db.db, { offlineAfterMs: deps.config.deviceLink.offlineAfterMs }),
  );
  deps.services.deviceLink = link;
  links.set(app, link);
  app.addHook('onReady', () => link.start());
  app.addHook('onClose', () => link.stop());
}

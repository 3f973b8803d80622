import { deviceLinkLogOps } from '@merchant/contracts/device/device-link-log';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './device-link-log.service.ts';

export const deviceLinkLogList = implement(deviceLinkLogOps.list, (ctx, i) => s.list(ctx, i));

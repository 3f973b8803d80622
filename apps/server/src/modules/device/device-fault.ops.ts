import { deviceFaultOps } from '@merchant/contracts/device/device-fault';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './device-fault.service.ts';

export const deviceFaultList = implement(deviceFaultOps.list, (ctx, i) => s.list(ctx, i));

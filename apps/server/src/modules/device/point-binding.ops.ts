import { pointBindingOps } from '@merchant/contracts/device/point-binding';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './point-binding.service.ts';

export const pointBoundDevices = implement(pointBindingOps.devices, (ctx, i) => s.devices(ctx, i));
export const pointBindCandidates = implement(pointBindingOps.candidates, (ctx, i) => s.candidates(ctx, i));
export const pointBind = implement(pointBindingOps.bind, (ctx, i) => s.bind(ctx, i));
export const pointUnbind = implement(pointBindingOps.unbind, (ctx, i) => s.unbind(ctx, i));

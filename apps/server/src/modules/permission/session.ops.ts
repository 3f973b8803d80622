import { sessionOps } from '@merchant/contracts/permission/session';
import { implement } from '../../platform/gateway/registry.ts';
import * as service from './session.service.ts';

// The signed-in session's own operations. getInfo and resource fetch answer at their spec §7 paths too (REST
// aliases from their contracts).

export const getInfo = implement(sessionOps.getInfo, (ctx) => service.getInfo(ctx));
export const resourceFetch = implement(sessionOps.resourceFetch, (ctx, input) => service.fetchResources(ctx, input));
export const channelList = implement(sessionOps.channelList, (ctx) => service.channelList(ctx));

import { bankCardOps } from '@merchant/contracts/finance/bank-card';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './bank-card.service.ts';

export const bankCardList = implement(bankCardOps.list, (ctx, i) => s.list(ctx, i.partyCode));
export const bankList = implement(bankCardOps.banks, async () => s.banks());
export const bankCardAdd = implement(bankCardOps.add, (ctx, i) => s.add(ctx, i));
export const bankCardSetDefault = implement(bankCardOps.setDefault, (ctx, i) => s.setDefault(ctx, i));
export const bankCardRemove = implement(bankCardOps.remove, (ctx, i) => s.remove(ctx, i));

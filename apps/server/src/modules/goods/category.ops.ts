import { categoryOps } from '@merchant/contracts/goods/category';
import { implement } from '../../platform/gateway/registry.ts';
import * as s from './category.service.ts';

export const categoryTree = implement(categoryOps.tree, (ctx) => s.tree(ctx));
export const categoryCreate = implement(categoryOps.create, (ctx, i) => s.create(ctx, i));
export const categoryUpdate = implement(categoryOps.update, (ctx, i) => s.update(ctx, i));
export const categoryDelete = implement(categoryOps.delete, (ctx, i) => s.remove(ctx, i));
export const categoryHistory = implement(categoryOps.history, (ctx, i) => s.history(ctx, i));

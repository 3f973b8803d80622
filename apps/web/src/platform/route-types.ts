import type { ComponentType } from 'react';

/** What a lazily loaded page module must export. */
export interface PageModule {
  default: ComponentType;
}

/** Context a dynamic title is computed from (shop-management-add, supply-sku-add, location-detail). */
export interface TitleContext {
  params: Record<string, string | undefined>;
  search: URLSearchParams;
}
export type RouteTitle = string | ((ctx: TitleContext) => string);

/**
 * One entry of a feature's `routes.ts` (spec §3 route meta + DESIGN §1).
 * Website routes are relative to `/website`; public routes are absolute.
 */
export interface AppRoute {
  path: string;
  /** Route name; by convention the same as the anchor for menu pages. */
  name: string;
  title?: RouteTitle;
  /** antd icon name (e.g. 'HomeOutlined'); the server's iconUrl wins in the menu. */
  icon?: string;
  /** Menu anchor code matching the server menu entry (`MenuNode.anchor`). */
  anchor?: string;
  /**
   * A detail other pages link to: the holders of these anchors may open it too (as the server's operations behind it
   * allow them), e.g. an order's detail opened from its 售后工单.
   */
  alsoAnchors?: string[];
  /** Server id of the menu section this route belongs to (spec §2 "Sections by server id"). */
  serverId?: number;
  /**
   * Path of the menu item to highlight when this (detail) page is open; with several (a detail shared by several
   * lists), the first one the role's menu holds.
   */
  activeMenu?: string | readonly string[];
  /** Folders and sections: shown in the breadcrumb but not clickable. */
  cannotClick?: boolean;
  /** Page body drawn on a raised card. */
  shadow?: boolean;
  /** Page body without padding (voice-service). */
  noPadding?: boolean;
  /** When set, only these role names may open the route (admin sees everything). */
  roles?: string[];
  /** No session needed (login, register, …). */
  public?: boolean;
  page?: () => Promise<PageModule>;
  children?: AppRoute[];
}

/** The `handle` every router entry carries, read by breadcrumb, title and the http client. */
export interface RouteHandle {
  name: string;
  title?: RouteTitle;
  icon?: string;
  anchor?: string;
  serverId?: number;
  activeMenu?: string | readonly string[];
  cannotClick?: boolean;
  shadow?: boolean;
  noPadding?: boolean;
  /** Full path, for menus and quick links. */
  fullPath?: string;
}

export function resolveTitle(title: RouteTitle | undefined, ctx: TitleContext): string | undefined {
  if (title === undefined) return undefined;
  return typeof title === 'function' ? title(ctx) : title;
}

/** Query-cache keys of user management: invalidate a prefix after a change to reload every list that shows it. */
export const systemKeys = {
  all: ['system'] as const,
  orgTree: ['system', 'org', 'tree'] as const,
  orgDetail: (id: number) => ['system', 'org', 'detail', id] as const,
  orgChildren: (id: number) => ['system', 'org', 'children', id] as const,
  roles: ['system', 'role'] as const,
  roleList: ['system', 'role', 'list'] as const,
  roleDetail: (id: number) => ['system', 'role', 'detail', id] as const,
  grantableMenus: ['system', 'role', 'grantable-menus'] as const,
  accounts: ['system', 'account'] as const,
  accountList: ['system', 'account', 'list'] as const,
  accountDetail: (id: number) => ['system', 'account', 'detail', id] as const,
  // The logs are not under 'system': a change reloads the lists it touches, not the logs.
  operationLogs: ['logs', 'operation-log'] as const,
  loginLogs: ['logs', 'login-log'] as const,
};

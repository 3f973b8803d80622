/** Per login key: the global back-off — the next attempt from any address is taken from `locked_until` on. */
export interface LoginLockTable {
  user_key: string;
  locked_until: number;
}

/** Per login key and address: locked after too many failures from that address. */
export interface LoginIpLockTable {
  user_key: string;
  ip: string;
  locked_until: number;
}

declare module '../../db/database.ts' {
  interface Database {
    login_lock: LoginLockTable;
    login_ip_lock: LoginIpLockTable;
  }
}

import { ApiError, type ChangeRequest, type ContractRow, MERCHANT_OPS as M, MERCHANT_PATHS as P, type MerchantInfo, type MerchantInfoCheck, type MerchantPhoneKind, type Paged, type PhoneReveal, type SettleApply, type StaffRow } from '@merchant/contracts';
import { FILE_LIMITS, FILE_PATHS, type FileMeta, fileOps, type FilePurpose, type UploadProgress } from '@merchant/contracts/file/upload';
import { http } from '../../platform/http-client.ts';

/** Paging and sorting every list operation accepts. */
export interface ListParams {
  pageNum: number;
  pageSize: number;
  sortField?: string;
  sortOrder?: 'ascend' | 'descend';
  [filter: string]: unknown;
}
export interface Option {
  code: string;
  name: string;
}

const gw = <T>(name: string, body: unknown = {}) => http.gateway<T>({ name, body });
const post = <T>(path: string, body: unknown = {}) => http.post<T>(path, body);

// ---------------- files ----------------

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/** Chunked upload through the gateway (first chunk checked by content on the server). */
export async function uploadFile(file: File, purpose: FilePurpose, onProgress?: (percent: number) => void): Promise<FileMeta> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const step = FILE_LIMITS.chunkBytes;
  let p = await gw<UploadProgress>(fileOps.uploadBegin.name, { fileName: file.name, size: bytes.length, purpose, data: toBase64(bytes.subarray(0, step)) });
  onProgress?.(Math.round((p.received / bytes.length) * 100));
  while (!p.done) {
    p = await gw<UploadProgress>(fileOps.uploadAppend.name, { uploadId: p.uploadId, offset: p.received, data: toBase64(bytes.subarray(p.received, p.received + step)) });
    onProgress?.(Math.round((p.received / bytes.length) * 100));
  }
  return p.file!;
}

export const fileInfo = (id: string) => gw<FileMeta>(fileOps.info.name, { id });

/** The file's bytes as a Blob (secure GET by public id; only the owning merchant's roles with the file's page get them). */
export async function downloadFile(id: string): Promise<Blob> {
  const res = await http.raw({ method: 'GET', path: FILE_PATHS.download, query: { id } });
  if ((res.headers.get('content-type') ?? '').includes('application/json')) {
    const env = (await res.json()) as { code: string; msg?: string };
    throw new ApiError(env.code, env.msg ?? '下载失败', res.status);
  }
  return res.blob();
}

// ---------------- phones ----------------

/** The full number behind a masked phone (merchant.phone.reveal; the server logs every call). */
export const revealPhone = (kind: MerchantPhoneKind, id: number) => gw<PhoneReveal>(M.phoneReveal, { kind, id }).then((r) => r.phone);

// ---------------- merchant information ----------------

export const merchantInfoDetail = () => post<MerchantInfo>(P.merchantInfoDetail);
export const merchantSettings = () => gw<{ info: MerchantInfo; mainTags: Option[]; merchantTypes: Option[] }>(M.infoSettings);
export const updateMerchantCheck = (body: Record<string, unknown>) => post<MerchantInfoCheck>(P.updateMerchantCheck, body);
export const updateMerchantInfo = (body: Record<string, unknown>) => post<{ changes: unknown[] }>(P.updateMerchantInfo, body);

// ---------------- settle-apply ----------------

export interface SettleCurrent {
  apply: SettleApply | null;
  settled: boolean;
}
export const settleCurrent = () => gw<SettleCurrent>(M.settleCurrent);
/** Every business line; `opened`: the merchant has it already (not applied for again). */
export const businessLines = () => gw<{ code: string; name: string; desc: string; opened: boolean }[]>(M.settleBusinessLines);
export const saveSettleSubject = (body: Record<string, unknown>) => gw<{ id: number; applyCode: string }>(M.settleSaveSubject, body);
export const saveSettleLines = (body: Record<string, unknown>) => gw<{ id: number }>(M.settleSaveLines, body);
export const submitSettle = (id: number) => gw<SettleApply>(M.settleSubmit, { id });
export const withdrawSettle = (id: number) => gw<null>(M.settleWithdraw, { id });
export const settleList = (params: ListParams) => gw<Paged<SettleApply>>(M.settleList, params);
export const settleDetail = (id: number) => gw<SettleApply>(M.settleDetail, { id });
export const approveSettle = (id: number, remark: string) => gw<null>(M.settleApprove, { id, remark });
export const rejectSettle = (id: number, reason: string) => gw<null>(M.settleReject, { id, reason });

// ---------------- change requests ----------------

export const changeForm = () => gw<{ info: MerchantInfo; merchantTypes: Option[] }>(M.changeForm);
export const changeList = (params: ListParams) => gw<Paged<ChangeRequest>>(M.changeList, params);
export const changeDetail = (id: number) => gw<ChangeRequest>(M.changeDetail, { id });
export const submitChange = (body: Record<string, unknown>) => gw<{ id: number; changeCode: string; changes: unknown[] }>(M.changeSubmit, body);
export const withdrawChange = (id: number) => gw<null>(M.changeWithdraw, { id });
export const approveChange = (id: number, remark: string) => gw<null>(M.changeApprove, { id, remark });
export const rejectChange = (id: number, reason: string) => gw<null>(M.changeReject, { id, reason });

// ---------------- contracts ----------------

export const contractList = (params: ListParams) => gw<Paged<ContractRow>>(M.contractList, params);
export const contractDetail = (id: number) => gw<ContractRow>(M.contractDetail, { id });
export const addContract = (body: Record<string, unknown>) => gw<{ id: number; contractNo: string }>(M.contractAdd, body);
export const editContract = (body: Record<string, unknown>) => gw<{ id: number }>(M.contractEdit, body);
export const terminateContract = (id: number, reason: string) => gw<null>(M.contractTerminate, { id, reason });
export const deleteContract = (id: number) => gw<null>(M.contractDelete, { id });

// ---------------- store staff ----------------

export const staffList = (params: ListParams) => post<Paged<StaffRow>>(P.userList, params);
export const staffDetail = (id: number) => post<StaffRow>(P.userInfoDetail, { id });
export const createStaff = (body: Record<string, unknown>) => post<{ id: number; staffNo: string }>(P.createUser, body);
export const updateStaff = (body: Record<string, unknown>) => post<{ id: number }>(P.updateUserInfo, body);
export const disableStaff = (id: number) => post<null>(P.userDisable, { id });
export const enableStaff = (id: number) => post<null>(P.userEnable, { id });
export interface StaffStoreOptions {
  stores: { id: number; storeCode: string; name: string; status: number; city: string }[];
  selected: number[];
}
export const staffStoreOptions = (id?: number) => post<StaffStoreOptions>(P.configStoreList, id === undefined ? {} : { id });
export const configStaffStores = (id: number, storeIds: number[]) => post<null>(P.configStore, { id, storeIds });

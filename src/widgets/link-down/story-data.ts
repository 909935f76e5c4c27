/* A region tree the linked dropdown's stories and tests are answered from (no server): province → city → district. */
const REGIONS = [
  { id: 'p33', pid: '', store: '33', label: '浙江省' },
  { id: 'p53', pid: '', store: '53', label: '云南省' },
  { id: 'c3301', pid: 'p33', store: '3301', label: '杭州市' },
  { id: 'c3302', pid: 'p33', store: '3302', label: '宁波市' },
  { id: 'c5301', pid: 'p53', store: '5301', label: '昆明市' },
  { id: 'd330106', pid: 'c3301', store: '330106', label: '西湖区' },
  { id: 'd330108', pid: 'c3301', store: '330108', label: '滨江区' },
];

/** One level as /online/cgform/api/querySelectOptions answers it: the regions under pidValue, the provinces without one. */
export const regionLevel = (pidValue: string | null | undefined) =>
  REGIONS.filter((r) => r.pid === (pidValue ?? '')).map(({ id, store, label }) => ({ id, store, label }));

/*
 * The report half of `npm run bench`, run by bench-list.mjs against the server on the BENCH_RECORDS
 * database: p50/p95 of 捐赠报表 over a year (every dimension, and the month dimension alone), the
 * dashboard's figures and the login/visit calls, and what the roll-ups cost per inserted record
 * (adding a paid donation, which applies its delta to its activity's and team's totals and to the report
 * summary in the same transaction,
 * against adding a team, which has no roll-up to maintain). The records it adds are deleted again.
 */
export async function benchReports({ base, token, timed, fmt }) {
  const call = async (method, path, body) => {
    const res = await fetch(`${base}/hope-boot/${path}`, {
      method,
      headers: { 'X-Access-Token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = await res.json();
    if (!json.success) throw new Error(`${path}: ${json.message}`);
    return json.result;
  };
  const day = (d) => d.toISOString().slice(0, 10);
  const end = new Date();
  const begin = new Date(end.getTime() - 364 * 86_400_000);
  const range = `begin=${day(begin)}&end=${day(end)}`;

  const year = await call('GET', `donation/record/report/summary?${range}`);
  console.log(`\n捐赠报表 and dashboard (${year.totals.count.toLocaleString()} paid records in the last 365 days)`);
  const cases = [
    ['report over a year, all 5 dimensions', `donation/record/report/summary?${range}`, 10],
    ['report over a year, by month only', `donation/record/report/summary?${range}&dimensions=month`, 10],
    ['GET /dashboard/analysis (all sections)', 'dashboard/analysis', 10],
    ['GET /sys/loginfo', 'sys/loginfo', 30],
    ['GET /sys/visitInfo', 'sys/visitInfo', 30],
  ];
  for (const [title, path, n] of cases) {
    const r = await timed(n, () => call('GET', path));
    console.log(`  ${title.padEnd(52)} n=${r.n}  p50 ${fmt(r.p50)}  p95 ${fmt(r.p95)}`);
  }

  // Roll-up maintenance: the same activity every time, so each add recomputes a large activity's totals.
  const { records } = await call('GET', 'donation/record/list?pageNo=1&pageSize=1&payStatus=2&column=createTime&order=desc');
  const activity = records[0].activityId;
  const teams = await call('GET', `donation/team/list?pageNo=1&pageSize=1&activityId=${activity}`);
  const team = teams.records[0]?.id ?? null;
  const added = { record: [], team: [] };
  let i = 0;
  const addRecord = async () => {
    i += 1;
    const r = await call('POST', 'donation/record/add', {
      donorType: '1',
      donorName: `压测${i}`,
      activityId: activity,
      teamId: team,
      amount: 100,
      payMethod: '1',
      payStatus: '2',
      payTime: `${day(end)} 10:00:00`,
    });
    added.record.push(r.id);
  };
  const addTeam = async () => {
    i += 1;
    const r = await call('POST', 'donation/team/add', { teamName: `压测团队${i}`, activityId: activity, status: '1' });
    added.team.push(r.id);
  };
  const withRollups = await timed(30, addRecord);
  const without = await timed(30, addTeam);
  console.log(`  add a paid donation (roll-up deltas + summary upsert) n=${withRollups.n}  p50 ${fmt(withRollups.p50)}  p95 ${fmt(withRollups.p95)}`);
  console.log(`  add a team (no roll-up)                                n=${without.n}  p50 ${fmt(without.p50)}  p95 ${fmt(without.p95)}`);
  console.log(`  roll-up maintenance per inserted record ≈ ${fmt(withRollups.p50 - without.p50)} (difference of the p50s)`);
  for (let k = 0; k < added.record.length; k += 500) await call('DELETE', `donation/record/deleteBatch?ids=${added.record.slice(k, k + 500).join(',')}`);
  for (let k = 0; k < added.team.length; k += 500) await call('DELETE', `donation/team/deleteBatch?ids=${added.team.slice(k, k + 500).join(',')}`);
}

/*
 * The report half of `npm run bench`, run by bench-list.mjs against the server on each size's database:
 *   - 捐赠报表 over a calendar month (the last 12 in turn) and a calendar year (last year and this one in turn),
 *     every dimension, and the analysis dashboard, as admin and as a 本部门 user, a donation added through the
 *     API every few reads, with the statements per request (x-db-round-trips), recorded for the summary;
 *   - the figures printed before: the report over the last 365 days (every dimension, and the month dimension
 *     alone), the dashboard and the login/visit calls, and what the roll-ups cost per inserted record
 *     (adding a paid donation, which applies its delta to its activity's and team's totals and to the report
 *     summary in the same transaction, against adding a team, which has no roll-up to maintain).
 * The records it adds are deleted again.
 */
import { reportMonths, reportYears } from './bench-raw.mjs';
import { record } from './bench-summary.mjs';

export async function benchReports({ token, scoped, timed, fmt, percentile, call: callWith, write, readsWithWrites, engine, size, raw }) {
  const call = async (method, path, body) => (await callWith(method, path, token, body)).result;
  const day = (d) => d.toISOString().slice(0, 10);
  const end = new Date();
  const begin = new Date(end.getTime() - 364 * 86_400_000);
  const range = `begin=${day(begin)}&end=${day(end)}`;

  const months = reportMonths(end);
  const years = reportYears(end);
  console.log(
    `\n捐赠报表 and the dashboard: calendar months ${months[0].begin.slice(0, 7)} … ${months.at(-1).begin.slice(0, 7)} and years ${years.map((y) => y.begin.slice(0, 4)).join(', ')} in turn`,
  );
  const report = (r, who) => () => callWith('GET', `donation/record/report/summary?begin=${r.begin}&end=${r.end}`, who).then((a) => a.trips);
  const figures = [
    ['month', 'calendar month, all 5 dimensions', (who) => (i) => report(months[i % months.length], who)(), 'tripsReport', raw.month],
    ['year', 'calendar year, all 5 dimensions', (who) => (i) => report(years[i % years.length], who)(), 'tripsReport', raw.year],
    ['dashboard', 'GET /dashboard/analysis', (who) => () => callWith('GET', 'dashboard/analysis', who).then((a) => a.trips), 'tripsDashboard', raw.dashboard],
  ];
  const most = {};
  for (const [key, title, read, tripsKey, rawFigure] of figures) {
    for (const [suffix, who, reader] of [
      ['', 'admin', token],
      ['Scoped', '本部门 user', scoped],
    ]) {
      await read(reader)(0);
      const r = await readsWithWrites(20, read(reader), write, percentile);
      console.log(
        `  ${`${title}, ${who}`.padEnd(52)} n=${r.n}  p50 ${fmt(r.p50)}  p95 ${fmt(r.p95)}  statements ≤ ${r.trips}  (raw SQL p95 ${fmt(rawFigure.p95)})`,
      );
      record(`${key}${suffix}`, engine, size, r.p95);
      most[tripsKey] = Math.max(most[tripsKey] ?? 0, r.trips);
    }
  }
  for (const [tripsKey, trips] of Object.entries(most)) record(tripsKey, engine, size, trips);
  const byMonth = await readsWithWrites(
    10,
    (i) => callWith('GET', `donation/record/report/summary?begin=${years[i % 2].begin}&end=${years[i % 2].end}&dimensions=month`, token).then((a) => a.trips),
    write,
    percentile,
  );
  console.log(
    `  ${'calendar year, by month only, admin'.padEnd(52)} n=${byMonth.n}  p50 ${fmt(byMonth.p50)}  p95 ${fmt(byMonth.p95)}  (raw SQL p95 ${fmt(raw.yearByMonth.p95)})`,
  );

  const year = await call('GET', `donation/record/report/summary?${range}`);
  console.log(`\n捐赠报表 and dashboard, fixed (${year.totals.count.toLocaleString()} paid records in the last 365 days)`);
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

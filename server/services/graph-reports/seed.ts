import type { Kysely } from 'kysely';
import { newId } from '../../lib/ids.ts';
import { nowText } from '../../lib/time.ts';

/*
 * The charts a new install starts with, both on the home dashboard: the activities' fund-raising over the
 * 捐赠活动 online report (so within its scope rules), and donations by payment method over 捐赠记录's rows.
 */
const DEMO_GRAPHS = [
  {
    code: 'graph_activity_funds',
    name: '活动筹款进度',
    source_type: 'report',
    source: 'report_donation_activity',
    x_field: 'activity_name',
    y_fields: 'target_amount,raised_amount',
    aggregate: 'sum',
    graph_type: 'bar,table',
    y_axis_text: '金额（元）',
    dashboard: 1,
    order_num: 1,
  },
  {
    code: 'graph_donation_pay_method',
    name: '捐赠方式分布',
    source_type: 'entity',
    source: 'donation/record',
    x_field: 'pay_method',
    y_fields: 'amount',
    aggregate: 'sum',
    graph_type: 'pie,bar,table',
    y_axis_text: '捐赠金额（元）',
    dashboard: 1,
    order_num: 2,
  },
];

/** Writes the demo charts that are not there yet (by code), so a second start adds nothing. */
export async function seedGraphReports(db: Kysely<any>): Promise<void> {
  for (const graph of DEMO_GRAPHS) {
    const exists = await db.selectFrom('onl_graphreport_head').select('id').where('code', '=', graph.code).executeTakeFirst();
    if (!exists)
      await db
        .insertInto('onl_graphreport_head')
        .values({ id: newId(), ...graph, del_flag: 0, create_by: 'admin', create_time: nowText() })
        .execute();
  }
}

import { type random } from './donation.ts';
import { between, dateText, type DemoWriter } from './demo-writer.ts';

/*
 * Receipts for some paid donations: requested ones waiting, issued, sent and a voided one, each moved
 * through the invoice status steps so the records' 开票状态 follows.
 */

const COMPANY_TAX = ['91110108MA01ABCD2X', '91310115MA1K4E7Q9L', '91440300MA5F8R2T6W', '91330106MA2H3J4K5N'];

export async function seedInvoices(w: DemoWriter, rnd: ReturnType<typeof random>, count = 20): Promise<void> {
  const paid = await w.db
    .selectFrom('donation_record')
    .select(['id', 'donor_type', 'donor_name', 'amount', 'pay_time'])
    .where('pay_status', '=', '2')
    .where('amount', '>=', 100)
    .orderBy('record_no')
    .execute();
  const chosen = paid.filter(() => rnd.next() < 0.35).slice(0, count);
  for (const [i, r] of chosen.entries()) {
    const paidAt = new Date(String(r.pay_time).replace(' ', 'T'));
    const requested = between(rnd.next, paidAt, new Date(Math.min(Date.now(), paidAt.getTime() + 10 * 86400_000)));
    const company = r.donor_type !== '1';
    const row = await w.add(
      'donation/invoice',
      {
        record_id: String(r.id),
        title_type: company ? '2' : '1',
        title: String(r.donor_name),
        tax_no: company ? rnd.pick(COMPANY_TAX) : null,
        amount: Number(r.amount),
        email: rnd.next() < 0.7 ? `donor${rnd.int(100, 999)}@example.com` : null,
        address: rnd.next() < 0.5 ? rnd.pick(['北京市海淀区中关村大街1号', '上海市浦东新区世纪大道100号', '广东省深圳市南山区科技园路8号']) : null,
        status: '1',
      },
      requested,
    );
    const roll = rnd.next();
    if (i % 4 === 3 || Date.now() - requested.getTime() < 86400_000) continue; // still 待开具
    const issued = new Date(Math.min(Date.now(), requested.getTime() + rnd.int(1, 5) * 86400_000));
    await w.edit('donation/invoice', row.id, { status: '2', issue_date: dateText(issued) }, issued);
    if (roll < 0.6) continue;
    if (roll < 0.9) await w.edit('donation/invoice', row.id, { status: '3' }, new Date(Math.min(Date.now(), issued.getTime() + 2 * 86400_000)));
    else await w.edit('donation/invoice', row.id, { status: '4', remark: '抬头有误，已作废' }, new Date(Math.min(Date.now(), issued.getTime() + 86400_000)));
  }
}

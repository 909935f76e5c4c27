import { expect } from 'vitest';
import type { TestServer } from './server.ts';

/* Workflow steps as a person takes them over HTTP: find my task for a record, act on it. */

/** The instance approving a business record: the open one, else the newest. */
export async function instanceOf(s: TestServer, entity: string, businessId: string): Promise<Record<string, any>> {
  const rows = (await s.db
    .selectFrom('wf_instance' as never)
    .selectAll()
    .where('entity' as never, '=', entity as never)
    .where('business_id' as never, '=', businessId as never)
    .orderBy('start_time' as never, 'desc')
    .execute()) as Record<string, any>[];
  expect(rows.length, `no instance for ${entity} ${businessId}`).toBeGreaterThan(0);
  // Several may start within one second: the open one is the newest.
  return rows.find((r) => r.status === 'running' || r.status === 'suspended') ?? rows[0];
}

/** The open task of `token`'s user on that record's instance. */
export async function myTask(s: TestServer, token: string, entity: string, businessId: string): Promise<Record<string, any>> {
  const instance = await instanceOf(s, entity, businessId);
  const list = await s.api.get('/workflow/task/list?pageSize=200', token);
  expect(list.body.success, JSON.stringify(list.body)).toBe(true);
  const task = list.body.result.records.find((t: any) => t.instanceId === instance.id);
  expect(task, 'no open task for this user').toBeTruthy();
  return task;
}

/** Approves the user's task on the record, with values for the step's editable fields. */
export async function approve(s: TestServer, token: string, entity: string, businessId: string, values: Record<string, unknown> = {}, comment = '同意') {
  const task = await myTask(s, token, entity, businessId);
  const r = await s.api.post('/workflow/task/approve', { id: task.id, values, comment }, token);
  expect(r.body.success, JSON.stringify(r.body)).toBe(true);
  return task;
}

/** 项目立项审批 as a wait of `duration` (ISO, e.g. PT1S) before 财务审核: the timer tests deploy it. */
export const timerProcessXml = (duration: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:hope="http://hope-backoffice/schema/bpmn" id="d" targetNamespace="t">
<bpmn:process id="project_application" name="项目立项审批" hope:entity="project/application">
<bpmn:startEvent id="s"/><bpmn:intermediateCatchEvent id="wait" name="冷静期"><bpmn:timerEventDefinition><bpmn:timeDuration>${duration}</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>
<bpmn:userTask id="check" name="财务审核" hope:assignee="role:finance" hope:fields="approvedAmount:edit"/><bpmn:endEvent id="e" hope:result="approved"/>
<bpmn:sequenceFlow id="f1" sourceRef="s" targetRef="wait"/><bpmn:sequenceFlow id="f2" sourceRef="wait" targetRef="check"/><bpmn:sequenceFlow id="f3" sourceRef="check" targetRef="e"/>
</bpmn:process></bpmn:definitions>`;

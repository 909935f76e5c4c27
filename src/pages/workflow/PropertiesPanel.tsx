import { Alert, Button, Checkbox, Form, Input, InputNumber, Radio, Select, Space } from 'antd';
import { useState } from 'react';
import type { Condition } from '../../core/schema/types.generated.ts';
import {
  ASSIGNEE_KINDS,
  type AssigneeKind,
  END_RESULTS,
  type FieldAccess,
  formatAssignee,
  formatFieldAccess,
  parseAssigneeList,
  parseConditionText,
  parseFieldAccess,
} from '../../core/workflow/rules.ts';
import type { WfEntity } from '../../core/workflow/wire.ts';
import { UserField } from '../../widgets/user/UserField.tsx';

/*
 * 流程设计's properties panel: what the selected element means to the engine, written into the BPMN as the
 * hope: attributes and the condition grammar (src/core/workflow/rules.ts) through bpmn-js's modeling
 * commands, so every change is one undoable step. Nothing selected: the process itself (key, name, the
 * document it approves). A gateway lists its outgoing branches, each with its condition or as the default.
 */

/** What the panel needs of bpmn-js (its services, typed loosely: bpmn-js ships no types for them). */
export interface ModelerApi {
  modeling: {
    updateProperties(element: Shape, props: Record<string, unknown>): void;
    updateModdleProperties(element: Shape, bo: unknown, props: Record<string, unknown>): void;
  };
  moddle: { create(type: string, props: Record<string, unknown>): unknown };
  replace: { replaceElement(element: Shape, target: Record<string, unknown>): Shape };
  registry: { get(id: string): Shape | undefined };
  selection: { select(element: Shape): void };
}

/** Replacing an element makes a new one (a new id): it is selected, so the panel goes on showing it. */
const replaceWith = (api: ModelerApi, element: Shape, target: Record<string, unknown>) => api.selection.select(api.replace.replaceElement(element, target));

export interface Shape {
  id: string;
  type: string;
  businessObject: Record<string, any>;
}

interface Props {
  api: ModelerApi;
  element: Shape;
  /** The process (root) element. */
  root: Shape;
  entities: WfEntity[];
  roles: { roleCode: string; roleName: string }[];
}

const OPS = [
  { value: '$gt', label: '大于' },
  { value: '$gte', label: '大于等于' },
  { value: '$lt', label: '小于' },
  { value: '$lte', label: '小于等于' },
  { value: '$eq', label: '等于' },
  { value: '$ne', label: '不等于' },
];

const NUMERIC = new Set(['decimal', 'integer', 'number']);

/** A single comparison ({ field: { op: value } }) as the builder edits it; undefined for anything richer. */
function simpleCondition(c: Condition | undefined): { field: string; op: string; value: unknown } | undefined {
  if (!c) return undefined;
  const entries = Object.entries(c);
  if (entries.length !== 1 || entries[0][0].startsWith('$')) return undefined;
  const [field, test] = entries[0];
  const ops = Object.entries(test as Record<string, unknown>);
  if (ops.length !== 1) return undefined;
  return { field, op: ops[0][0], value: ops[0][1] };
}

function ConditionEditor({ api, flow, entity }: { api: ModelerApi; flow: Shape; entity?: WfEntity }) {
  const body = flow.businessObject.conditionExpression?.body as string | undefined;
  const parsed = simpleCondition(parseConditionText(body));
  // A draft until field, operator and value are all there; then it is written as the condition.
  const [draft, setDraft] = useState<{ field?: string; op: string; value?: unknown }>(parsed ?? { op: '$gt' });
  const change = (next: Partial<typeof draft>) => {
    const merged = { ...draft, ...next };
    setDraft(merged);
    if (!merged.field || merged.value === undefined || merged.value === null || merged.value === '') return;
    const text = JSON.stringify({ [merged.field]: { [merged.op]: merged.value } });
    api.modeling.updateProperties(flow, { conditionExpression: api.moddle.create('bpmn:FormalExpression', { body: text }) });
  };
  const fieldType = entity?.fields.find((f) => f.name === draft.field)?.type;
  if (body && !parsed) return <Alert type="info" showIcon message={`条件：${body}`} />;
  return (
    <Space.Compact style={{ width: '100%' }} data-testid={`wf-condition-${flow.id}`}>
      <Select
        showSearch
        optionFilterProp="label"
        style={{ width: 120 }}
        placeholder="字段"
        value={draft.field}
        onChange={(field) => change({ field })}
        options={(entity?.fields ?? []).map((f) => ({ value: f.name, label: f.label }))}
        data-testid="wf-condition-field"
      />
      <Select style={{ width: 96 }} value={draft.op} onChange={(op) => change({ op })} options={OPS} data-testid="wf-condition-op" />
      {fieldType && NUMERIC.has(fieldType) ? (
        <InputNumber
          style={{ width: 110 }}
          placeholder="值"
          defaultValue={draft.value as number | undefined}
          onBlur={(e) => change({ value: e.target.value === '' ? undefined : Number(e.target.value) })}
          data-testid="wf-condition-value"
        />
      ) : (
        <Input
          style={{ width: 110 }}
          placeholder="值"
          defaultValue={draft.value as string | undefined}
          onBlur={(e) => change({ value: e.target.value })}
          data-testid="wf-condition-value"
        />
      )}
    </Space.Compact>
  );
}

function AssigneeEditor({ api, element, entity, roles }: { api: ModelerApi; element: Shape; entity?: WfEntity; roles: Props['roles'] }) {
  // Read leniently: a kind chosen before its role or user is still shown (the server refuses it until complete).
  const [kindText, value = ''] = String(element.businessObject.assignee ?? '').split(':', 2);
  const kind = ASSIGNEE_KINDS.find((k) => k.kind === kindText)?.kind;
  const rule = kind ? { kind, value } : undefined;
  const set = (next: AssigneeKind, v = '') => api.modeling.updateProperties(element, { 'hope:assignee': formatAssignee({ kind: next, value: v }) });
  return (
    <>
      <Form.Item label="办理人" required>
        <Select
          value={kind}
          placeholder="请选择办理人规则"
          onChange={(k: AssigneeKind) => set(k, '')}
          options={ASSIGNEE_KINDS.map((k) => ({ value: k.kind, label: k.label }))}
          data-testid="wf-assignee-kind"
        />
      </Form.Item>
      {kind === 'role' && (
        <Form.Item label="角色">
          <Select
            showSearch
            optionFilterProp="label"
            value={rule?.value || undefined}
            onChange={(v) => set('role', v)}
            options={roles.map((r) => ({ value: r.roleCode, label: r.roleName }))}
            data-testid="wf-assignee-role"
          />
        </Form.Item>
      )}
      {kind === 'user' && (
        <Form.Item label="用户">
          <UserField value={rule?.value} onChange={(v) => set('user', v)} />
        </Form.Item>
      )}
      {kind === 'field' && (
        <Form.Item label="表单字段">
          <Select
            value={rule?.value || undefined}
            onChange={(v) => set('field', v)}
            options={(entity?.fields ?? []).map((f) => ({ value: f.name, label: f.label }))}
          />
        </Form.Item>
      )}
    </>
  );
}

function FieldAccessEditor({ api, element, entity }: { api: ModelerApi; element: Shape; entity: WfEntity }) {
  const access = parseFieldAccess(element.businessObject.fields) ?? {};
  const set = (name: string, value: FieldAccess) =>
    api.modeling.updateProperties(element, { 'hope:fields': formatFieldAccess({ ...access, [name]: value }) || undefined });
  return (
    <div className="wf-field-access" data-testid="wf-field-access">
      {entity.fields.map((f) => (
        <Form.Item key={f.name} label={f.label}>
          <Radio.Group
            size="small"
            value={access[f.name] ?? 'read'}
            onChange={(e) => set(f.name, e.target.value)}
            optionType="button"
            options={[
              { value: 'edit', label: '可编辑' },
              { value: 'read', label: '只读' },
              { value: 'hidden', label: '隐藏' },
            ]}
          />
        </Form.Item>
      ))}
    </div>
  );
}

function CopyEditor({ api, element, roles }: { api: ModelerApi; element: Shape; roles: Props['roles'] }) {
  const list = parseAssigneeList(element.businessObject.cc) ?? [];
  const roleCodes = list.filter((r) => r.kind === 'role').map((r) => r.value);
  const users = list.filter((r) => r.kind === 'user').map((r) => r.value);
  const write = (nextRoles: string[], nextUsers: string[]) => {
    const text = [
      ...nextRoles.map((value) => formatAssignee({ kind: 'role', value })),
      ...nextUsers.map((value) => formatAssignee({ kind: 'user', value })),
    ].join(',');
    api.modeling.updateProperties(element, { 'hope:cc': text || undefined });
  };
  return (
    <>
      <Form.Item label="抄送角色">
        <Select
          mode="multiple"
          optionFilterProp="label"
          value={roleCodes}
          onChange={(v) => write(v, users)}
          options={roles.map((r) => ({ value: r.roleCode, label: r.roleName }))}
        />
      </Form.Item>
      <Form.Item label="抄送用户">
        <UserField multiple value={users.join(',')} onChange={(v) => write(roleCodes, v ? v.split(',') : [])} />
      </Form.Item>
    </>
  );
}

function NameField({ api, element, label = '名称' }: { api: ModelerApi; element: Shape; label?: string }) {
  return (
    <Form.Item label={label}>
      <Input
        key={element.id}
        defaultValue={element.businessObject.name ?? ''}
        onBlur={(e) => api.modeling.updateProperties(element, { name: e.target.value.trim() || undefined })}
        data-testid="wf-prop-name"
      />
    </Form.Item>
  );
}

export function PropertiesPanel({ api, element, root, entities, roles }: Props) {
  const entity = entities.find((e) => e.code === root.businessObject.entity);
  const bo = element.businessObject;
  const isRoot = element.id === root.id;
  const type = element.type;
  return (
    <Form layout="vertical" size="small" key={element.id} data-testid="wf-properties">
      <div style={{ color: '#999', marginBottom: 8 }}>{isRoot ? '流程' : `${TYPE_TEXT[type] ?? type.replace('bpmn:', '')}（${element.id}）`}</div>
      {isRoot && (
        <>
          <Form.Item label="流程标识" extra="字母开头，可含数字、下划线；同一标识再次部署即为新版本">
            <Input
              key={`${bo.id}-id`}
              defaultValue={bo.id}
              onBlur={(e) => e.target.value.trim() && api.modeling.updateProperties(element, { id: e.target.value.trim() })}
              data-testid="wf-process-key"
            />
          </Form.Item>
          <NameField api={api} element={element} label="流程名称" />
          <Form.Item label="审批的表单">
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              value={bo.entity}
              onChange={(v) => api.modeling.updateProperties(element, { 'hope:entity': v || undefined })}
              options={entities.map((e) => ({ value: e.code, label: e.title }))}
              data-testid="wf-process-entity"
            />
          </Form.Item>
        </>
      )}
      {!isRoot && <NameField api={api} element={element} />}
      {type === 'bpmn:Task' && (
        <Button onClick={() => replaceWith(api, element, { type: 'bpmn:UserTask' })} data-testid="wf-make-user-task">
          设为用户任务
        </Button>
      )}
      {type === 'bpmn:UserTask' && (
        <>
          <AssigneeEditor api={api} element={element} entity={entity} roles={roles} />
          <CopyEditor api={api} element={element} roles={roles} />
          {entity && (
            <Form.Item label="字段权限">
              <FieldAccessEditor api={api} element={element} entity={entity} />
            </Form.Item>
          )}
        </>
      )}
      {type === 'bpmn:ExclusiveGateway' && (
        <Form.Item label="分支条件" extra="从上到下第一个满足条件的分支被选中；都不满足时走默认分支">
          {(bo.outgoing ?? []).map((flow: Record<string, any>) => {
            const shape = api.registry.get(flow.id);
            if (!shape) return null;
            const isDefault = bo.default?.id === flow.id;
            return (
              <div key={flow.id} style={{ marginBottom: 10 }} data-testid={`wf-branch-${flow.targetRef?.name || flow.targetRef?.id}`}>
                <div>
                  → {flow.targetRef?.name || flow.targetRef?.id}{' '}
                  <Checkbox
                    checked={isDefault}
                    onChange={(e) => api.modeling.updateProperties(element, { default: e.target.checked ? flow : undefined })}
                    data-testid="wf-branch-default"
                  >
                    默认分支
                  </Checkbox>
                </div>
                {!isDefault && <ConditionEditor api={api} flow={shape} entity={entity} />}
              </div>
            );
          })}
        </Form.Item>
      )}
      {type === 'bpmn:SequenceFlow' && bo.sourceRef?.$type === 'bpmn:ExclusiveGateway' && bo.sourceRef.default?.id !== bo.id && (
        <Form.Item label="条件">
          <ConditionEditor api={api} flow={element} entity={entity} />
        </Form.Item>
      )}
      {type === 'bpmn:EndEvent' && (
        <Form.Item label="结束结果">
          <Select
            value={bo.result ?? 'approved'}
            onChange={(v) => api.modeling.updateProperties(element, { 'hope:result': v })}
            options={END_RESULTS.map((r) => ({ value: r.value, label: r.label }))}
          />
        </Form.Item>
      )}
      {(type === 'bpmn:IntermediateCatchEvent' || type === 'bpmn:IntermediateThrowEvent') && <TimerEditor api={api} element={element} />}
    </Form>
  );
}

function TimerEditor({ api, element }: { api: ModelerApi; element: Shape }) {
  const def = element.businessObject.eventDefinitions?.[0];
  if (element.type !== 'bpmn:IntermediateCatchEvent' || def?.$type !== 'bpmn:TimerEventDefinition')
    return (
      <Button
        onClick={() => replaceWith(api, element, { type: 'bpmn:IntermediateCatchEvent', eventDefinitionType: 'bpmn:TimerEventDefinition' })}
        data-testid="wf-make-timer"
      >
        设为定时等待
      </Button>
    );
  return (
    <Form.Item label="等待时长" extra="ISO 8601：PT30M（30分钟）、PT2H（2小时）、P1D（1天）">
      <Input
        key={element.id}
        defaultValue={def.timeDuration?.body ?? ''}
        onBlur={(e) =>
          api.modeling.updateModdleProperties(element, def, { timeDuration: api.moddle.create('bpmn:FormalExpression', { body: e.target.value.trim() }) })
        }
        data-testid="wf-timer-duration"
      />
    </Form.Item>
  );
}

const TYPE_TEXT: Record<string, string> = {
  'bpmn:StartEvent': '开始事件',
  'bpmn:EndEvent': '结束事件',
  'bpmn:UserTask': '用户任务',
  'bpmn:Task': '任务',
  'bpmn:ExclusiveGateway': '排他网关',
  'bpmn:ParallelGateway': '并行网关',
  'bpmn:SequenceFlow': '连线',
  'bpmn:IntermediateCatchEvent': '中间事件',
  'bpmn:IntermediateThrowEvent': '中间事件',
  'bpmn:SubProcess': '子流程',
};

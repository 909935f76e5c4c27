import { App, Button, Card, Select, Space, Upload } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import hopeModdle from '../../core/workflow/hope-moddle.json';
import type { WfEntity, WfProcessView } from '../../core/workflow/wire.ts';
import { RequestFailure, workflow } from '../../runtime/workflow/provider.ts';
import { type ModelerApi, PropertiesPanel, type Shape } from './PropertiesPanel.tsx';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn.css';
import './workflow.css';

/*
 * 流程中心 → 流程设计 (workflow:design): bpmn-js's modeller (loaded with this page only) and our properties
 * panel. Open a deployed process or start a new one, draw, set assignees, field rights, copies and branch
 * conditions, then 部署: the server checks it and stores it as the next version of its key (running
 * instances stay on theirs). BPMN XML can be imported and exported.
 */

const NEW_PROCESS = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:hope="http://hope-backoffice/schema/bpmn" id="Definitions_new" targetNamespace="http://hope-backoffice/workflow">
  <bpmn:process id="new_process" name="新流程" isExecutable="true">
    <bpmn:startEvent id="start" name="开始" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="Diagram_new">
    <bpmndi:BPMNPlane id="Plane_new" bpmnElement="new_process">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="152" y="202" width="36" height="36" /></bpmndi:BPMNShape>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>`;

/** The context pad's "append task" appends a user task (the only kind of task the engine runs). */
function UserTaskAppender(this: unknown, contextPad: any, elementFactory: any, autoPlace: any, create: any) {
  contextPad.registerProvider(this);
  (this as { getContextPadEntries: unknown }).getContextPadEntries = () => (entries: Record<string, any>) => {
    const entry = entries['append.append-task'];
    if (!entry) return entries;
    const shape = () => elementFactory.createShape({ type: 'bpmn:UserTask' });
    entries['append.append-task'] = {
      ...entry,
      title: '追加用户任务',
      action: {
        click: (_event: unknown, element: unknown) => autoPlace.append(element, shape()),
        dragstart: (event: unknown, element: unknown) => create.start(event, shape(), { source: element }),
      },
    };
    return entries;
  };
}
UserTaskAppender.$inject = ['contextPad', 'elementFactory', 'autoPlace', 'create'];
const userTaskModule = { __init__: ['userTaskAppender'], userTaskAppender: ['type', UserTaskAppender] };

interface Modeler {
  importXML(xml: string): Promise<unknown>;
  saveXML(opts: { format: boolean }): Promise<{ xml?: string }>;
  get(name: string): any;
  destroy(): void;
}

export default function Design() {
  const { message } = App.useApp();
  const host = useRef<HTMLDivElement>(null);
  const modelerRef = useRef<Modeler | null>(null);
  const [ready, setReady] = useState(false);
  const [processes, setProcesses] = useState<WfProcessView[]>([]);
  const [current, setCurrent] = useState<string | undefined>();
  const [entities, setEntities] = useState<WfEntity[]>([]);
  const [roles, setRoles] = useState<{ roleCode: string; roleName: string }[]>([]);
  const [selected, setSelected] = useState<Shape | null>(null);
  const [, setVersion] = useState(0);
  const [busy, setBusy] = useState(false);

  const loadList = () => workflow.processes().then(setProcesses, () => setProcesses([]));

  useEffect(() => {
    void loadList();
    workflow.entities().then(setEntities, () => undefined);
    workflow.roles().then(setRoles, () => undefined);
    let live = true;
    void (async () => {
      const { default: BpmnModeler } = await import('bpmn-js/lib/Modeler');
      if (!live || !host.current) return;
      const modeler = new BpmnModeler({
        container: host.current,
        moddleExtensions: { hope: hopeModdle },
        additionalModules: [userTaskModule],
      }) as unknown as Modeler;
      modelerRef.current = modeler;
      const bus = modeler.get('eventBus');
      bus.on('selection.changed', (e: { newSelection: Shape[] }) => setSelected(e.newSelection.length === 1 ? e.newSelection[0] : null));
      // Any change (ours or the canvas's) re-renders the panel with the element's new state.
      bus.on('elements.changed', () => setVersion((v) => v + 1));
      await modeler.importXML(NEW_PROCESS);
      modeler.get('canvas').zoom('fit-viewport', 'auto');
      setReady(true);
    })();
    return () => {
      live = false;
      modelerRef.current?.destroy();
      modelerRef.current = null;
    };
  }, []);

  const open = useCallback(
    async (xml: string) => {
      const modeler = modelerRef.current;
      if (!modeler) return;
      try {
        await modeler.importXML(xml);
        modeler.get('canvas').zoom('fit-viewport', 'auto');
        setSelected(null);
      } catch (e) {
        message.error(`BPMN文件无法打开：${(e as Error).message}`);
      }
    },
    [message],
  );

  const pick = async (id: string) => {
    setCurrent(id);
    await open((await workflow.processXml(id)).xml);
  };

  const deploy = async () => {
    const modeler = modelerRef.current;
    if (!modeler) return;
    setBusy(true);
    try {
      const { xml } = await modeler.saveXML({ format: true });
      const r = await workflow.deploy(xml ?? '');
      message.success(r.message);
      await loadList();
      setCurrent(r.result.id);
    } catch (e) {
      message.error(e instanceof RequestFailure ? e.message : '部署失败');
    } finally {
      setBusy(false);
    }
  };

  const exportXml = async () => {
    const { xml } = (await modelerRef.current?.saveXML({ format: true })) ?? {};
    if (!xml) return;
    const root = modelerRef.current!.get('canvas').getRootElement();
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([xml], { type: 'application/xml' }));
    link.download = `${root.businessObject.id}.bpmn`;
    link.click();
    URL.revokeObjectURL(link.href);
  };

  const modeler = modelerRef.current;
  const api: ModelerApi | null =
    ready && modeler
      ? {
          modeling: modeler.get('modeling'),
          moddle: modeler.get('moddle'),
          replace: modeler.get('bpmnReplace'),
          registry: modeler.get('elementRegistry'),
          selection: modeler.get('selection'),
        }
      : null;
  const root: Shape | null = ready && modeler ? modeler.get('canvas').getRootElement() : null;
  const element = selected && api?.registry.get(selected.id) ? api.registry.get(selected.id)! : root;

  return (
    <Card bordered={false}>
      <Space style={{ marginBottom: 12 }} wrap>
        <Select
          style={{ width: 280 }}
          placeholder="打开已部署的流程"
          value={current}
          onChange={pick}
          options={processes.map((p) => ({ value: p.id, label: `${p.name}（${p.key} v${p.version}${p.running ? `，${p.running} 个进行中` : ''}）` }))}
          data-testid="wf-process-select"
        />
        <Button onClick={() => (setCurrent(undefined), open(NEW_PROCESS))} data-testid="wf-new">
          新建流程
        </Button>
        <Upload accept=".bpmn,.xml" showUploadList={false} beforeUpload={(file) => (void file.text().then(open), false)}>
          <Button>导入BPMN</Button>
        </Upload>
        <Button onClick={exportXml}>导出BPMN</Button>
        <Button type="primary" loading={busy} onClick={deploy} data-testid="wf-deploy">
          部署
        </Button>
      </Space>
      <div className="wf-design">
        <div className="wf-design-canvas">
          <div ref={host} className="wf-modeler" data-testid="wf-modeler" />
        </div>
        <div className="wf-design-panel">
          {api && element && root && <PropertiesPanel api={api} element={element} root={root} entities={entities} roles={roles} />}
        </div>
      </div>
    </Card>
  );
}

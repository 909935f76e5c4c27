/*
 * BPMN XML written compactly for tests: nodes as [type, id, attributes], flows as "a->b" (with an optional
 * condition). No diagram section: the engine never reads one.
 */
export type FixtureNode = [string, string, Record<string, string>?, FixtureNode[]?];

function nodeXml([type, id, attrs = {}, children]: FixtureNode, flows: string): string {
  const { timer, ...rest } = attrs;
  const a = Object.entries(rest)
    .map(([k, v]) => ` ${k}="${v.replace(/"/g, '&quot;')}"`)
    .join('');
  if (type === 'intermediateCatchEvent')
    return `<bpmn:${type} id="${id}"${a}><bpmn:timerEventDefinition><bpmn:timeDuration>${timer}</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:${type}>`;
  if (children) return `<bpmn:${type} id="${id}"${a}>${children.map((c) => nodeXml(c, '')).join('')}${flows}</bpmn:${type}>`;
  return `<bpmn:${type} id="${id}"${a}/>`;
}

export function flowXml(spec: string): string {
  const [path, condition] = spec.split(' if ');
  const [source, target] = path.split('->').map((s) => s.trim());
  const id = `f_${source}_${target}`;
  const body = condition
    ? `<bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${condition.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</bpmn:conditionExpression>`
    : '';
  return `<bpmn:sequenceFlow id="${id}" sourceRef="${source}" targetRef="${target}">${body}</bpmn:sequenceFlow>`;
}

export function bpmn(id: string, nodes: FixtureNode[], flows: string[], processAttrs = '', subFlows: Record<string, string[]> = {}): string {
  const body = nodes.map((n) => nodeXml(n, (subFlows[n[1]] ?? []).map(flowXml).join(''))).join('') + flows.map(flowXml).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:hope="http://hope-backoffice/schema/bpmn" id="defs" targetNamespace="http://hope-backoffice">
<bpmn:process id="${id}" name="${id}" isExecutable="true"${processAttrs}>${body}</bpmn:process>
</bpmn:definitions>`;
}

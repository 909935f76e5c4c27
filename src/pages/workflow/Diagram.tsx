import { useEffect, useRef, useState } from 'react';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn.css';
import './workflow.css';

/*
 * A deployed process drawn read-only (bpmn-js's viewer, loaded with this page only): the steps waiting now
 * in blue, the ones passed in green.
 */

interface Props {
  xml: string;
  active?: string[];
  done?: string[];
  height?: number;
}

export function Diagram({ xml, active = [], done = [], height = 320 }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  const marks = JSON.stringify([active, done]);
  useEffect(() => {
    let viewer: { destroy(): void } | undefined;
    let live = true;
    void (async () => {
      const { default: NavigatedViewer } = await import('bpmn-js/lib/NavigatedViewer');
      if (!live || !host.current) return;
      const v = new NavigatedViewer({ container: host.current });
      viewer = v;
      try {
        await v.importXML(xml);
        const canvas = v.get('canvas') as { zoom(mode: string): void; addMarker(id: string, cls: string): void };
        canvas.zoom('fit-viewport');
        for (const id of done) canvas.addMarker(id, 'wf-done');
        for (const id of active) canvas.addMarker(id, 'wf-active');
      } catch (e) {
        if (live) setError(`流程图无法显示：${(e as Error).message}`);
      }
    })();
    return () => {
      live = false;
      viewer?.destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [xml, marks]);
  return error ? <div className="wf-diagram-error">{error}</div> : <div ref={host} className="wf-diagram" data-testid="wf-diagram" style={{ height }} />;
}

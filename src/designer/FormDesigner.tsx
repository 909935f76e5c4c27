import { DndContext, DragOverlay, type Modifier } from '@dnd-kit/core';
import { App } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { FormDef, SchemaDocument } from '../core/schema/types.generated.ts';
import { Canvas } from './canvas/Canvas.tsx';
import { useCanvasDnd } from './canvas/useCanvasDnd.ts';
import { DesignerContext, type DesignerEnv, type DesignerStores } from './context.ts';
import { NO_HOVER } from './dnd.ts';
import { Palette } from './palette/Palette.tsx';
import { PropertiesPanel } from './properties/PropertiesPanel.tsx';
import { EMPTY_CONFIG } from './state/designer.ts';
import { loadForm, saveForm } from './state/io.ts';
import { resetBatchFormCodes } from './state/limits.ts';
import { createDesignerStore, createStore } from './state/store.ts';
import type { PublishMeta } from '../core/publication.ts';
import { Toolbar, type ToolbarAction } from './toolbar/Toolbar.tsx';
import './designer.css';

/*
 * The drag-and-drop form designer (spec sections 2, 4 and 5): palette on the left, canvas in the
 * middle, properties on the right, toolbar above the canvas. It reads and writes FormDef, the `form`
 * part of schema documents; the host page decides where a saved form goes.
 */
export interface FormDesignerProps {
  /** The form to open; an empty form when absent. */
  initial?: FormDef;
  /** The header bar's title. */
  title?: string;
  onSave?: (def: FormDef) => void;
  onClose?: () => void;
  /** The online forms a batch sub-table may use; when this list changes, codes it no longer offers reset. */
  onlineForms?: DesignerEnv['onlineForms'];
  /** The schema document the form came from (export code keeps the rest of it). */
  document?: SchemaDocument;
  /** Toolbar buttons of the host page after 保存 (发布, 打开). */
  actions?: ToolbarAction[];
  /** The online form being designed: export code shows the documents its publication puts in force. */
  online?: PublishMeta;
  /** Called with the form a second after each change (the host keeps a local draft). */
  onDraft?: (def: FormDef) => void;
}

export const DRAFT_DELAY_MS = 1000;

/** Hands the form to `onDraft` once edits pause; selection and hover changes do not count. */
function useDraft(stores: DesignerStores, onDraft: ((def: FormDef) => void) | undefined) {
  const latest = useRef(onDraft);
  latest.current = onDraft;
  useEffect(() => {
    let def = stores.designer.get().def;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = stores.designer.subscribe(() => {
      const next = stores.designer.get().def;
      if (next === def) return;
      def = next;
      clearTimeout(timer);
      timer = setTimeout(() => latest.current?.(saveForm(def)), DRAFT_DELAY_MS);
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [stores]);
}

export const DEFAULT_TITLE = '表单设计器';

/** The drag chip sits by the pointer (a canvas drag starts from the whole canvas, so its own rect says nothing). */
const besidePointer: Modifier = ({ activatorEvent, draggingNodeRect, transform }) => {
  if (!activatorEvent || !draggingNodeRect || !('clientX' in activatorEvent)) return transform;
  const { clientX, clientY } = activatorEvent as PointerEvent;
  return { ...transform, x: transform.x + clientX - draggingNodeRect.left + 8, y: transform.y + clientY - draggingNodeRect.top + 8 };
};

export const emptyForm = (): FormDef => ({ list: [], config: structuredClone(EMPTY_CONFIG) });

function useStoresFor(initial: FormDef | undefined, onlineForms: DesignerEnv['onlineForms'] | undefined): DesignerStores {
  const [stores] = useState<DesignerStores>(() => ({
    designer: createDesignerStore(loadForm(initial ?? emptyForm())),
    hover: createStore(NO_HOVER),
    env: createStore<DesignerEnv>({ onlineForms: onlineForms ?? [] }),
  }));
  const previous = useRef(onlineForms);
  useEffect(() => {
    if (!onlineForms || onlineForms === previous.current) return;
    const changed = !!previous.current;
    previous.current = onlineForms;
    stores.env.update(() => ({ onlineForms }));
    // The first list that arrives only fills the choices; a later, different list resets stale codes.
    if (changed)
      stores.designer.update((s) => ({
        ...s,
        def: resetBatchFormCodes(
          s.def,
          onlineForms.map((f) => f.code),
        ),
      }));
  }, [onlineForms, stores]);
  return stores;
}

export function FormDesigner({ initial, title = DEFAULT_TITLE, onSave, onClose, onlineForms, document, actions, online, onDraft }: FormDesignerProps) {
  const stores = useStoresFor(initial, onlineForms);
  useDraft(stores, onDraft);
  const dnd = useCanvasDnd(stores);
  return (
    <DesignerContext.Provider value={stores}>
      <App className="fd-app">
        <div className="fd-root" data-testid="form-designer">
          {/* The toolbar shares the title's bar, so its ten buttons stay on one line at 1366 px. */}
          <div className="fd-topbar">
            <div className="fd-header">{title}</div>
            <Toolbar onSave={onSave} onClose={onClose} document={document} actions={actions} online={online} />
          </div>
          <DndContext {...dnd.props}>
            <div className="fd-body">
              <aside className="fd-left">
                <Palette />
              </aside>
              <section className="fd-center">
                <Canvas canvasRef={dnd.canvasRef} />
              </section>
              <aside className="fd-right">
                <PropertiesPanel />
              </aside>
            </div>
            <DragOverlay dropAnimation={null} modifiers={[besidePointer]}>
              {dnd.dragging && <div className="fd-drag-chip">{dnd.dragging.label}</div>}
            </DragOverlay>
          </DndContext>
        </div>
      </App>
    </DesignerContext.Provider>
  );
}

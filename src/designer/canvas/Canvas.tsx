import type { CSSProperties } from 'react';
import { useDesigner } from '../context.ts';
import { ROOT } from '../state/tree.ts';
import { DropList } from './CanvasItem.tsx';

/* The middle of the designer: the form's widgets laid out with the form's own label and wrapper spans. */
export const CANVAS_HINT = '从左侧选择控件添加';

export function Canvas() {
  const list = useDesigner((s) => s.def.list);
  const config = useDesigner((s) => s.def.config);
  const layout = config.layout ?? 'horizontal';
  const style = {
    '--fd-label-span': `${((config.labelCol?.span ?? 4) / 24) * 100}%`,
    '--fd-wrapper-span': `${((config.wrapperCol?.span ?? 18) / 24) * 100}%`,
  } as CSSProperties;
  return (
    <div className={`fd-canvas fd-layout-${layout}${config.hideRequiredMark ? ' fd-hide-mark' : ''}`} style={style} data-testid="designer-canvas">
      <DropList slot={ROOT} list={list} className="fd-root-list">
        {!list.length && <div className="fd-hint">{CANVAS_HINT}</div>}
      </DropList>
    </div>
  );
}

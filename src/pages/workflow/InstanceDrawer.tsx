import { Drawer, Spin } from 'antd';
import { useEffect, useState } from 'react';
import type { WfInstanceDetail } from '../../core/workflow/wire.ts';
import { workflow } from '../../runtime/workflow/provider.ts';
import { InstanceView } from './InstanceView.tsx';

/* An instance opened from a list (我的申请, 抄送, 流程监控), with room for the list's own actions below it. */
export function InstanceDrawer({
  id,
  onClose,
  extra,
}: {
  id: string | null;
  onClose: () => void;
  extra?: (instance: WfInstanceDetail, reload: () => void) => React.ReactNode;
}) {
  const [instance, setInstance] = useState<WfInstanceDetail | null>(null);
  const load = () => {
    if (id) workflow.instance(id).then(setInstance, onClose);
  };
  useEffect(() => {
    setInstance(null);
    load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
  return (
    <Drawer open={!!id} width={860} title="流程详情" onClose={onClose} destroyOnHidden>
      {!instance ? (
        <Spin />
      ) : (
        <>
          <InstanceView instance={instance} />
          {extra?.(instance, load)}
        </>
      )}
    </Drawer>
  );
}

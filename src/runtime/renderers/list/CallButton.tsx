import { SyncOutlined } from '@ant-design/icons';
import { Button, message } from 'antd';
import { useState } from 'react';
import type { CallDef } from '../../../core/schema/types.generated.ts';
import { reloadDictionaries } from '../../dict/dictionaries.ts';
import { callRoute } from '../../schema/api.ts';

/*
 * A declared toolbar call (list.calls, e.g. 数据字典's 刷新缓存): the route is called without a body, the
 * server's message shown; a failure is a warning (the call's failMessage, else the server's). Then what the
 * call declares follows: the client's dictionaries taken anew, or the list reloaded.
 */
export function CallButton({ call, onReloadList }: { call: CallDef; onReloadList: () => void }) {
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      const answer = await callRoute(call.method ?? 'GET', call.path);
      if (call.after === 'reloadDictionaries') await reloadDictionaries();
      if (call.after === 'reloadList') onReloadList();
      message.success(answer.message || `${call.label}成功`);
    } catch (e) {
      message.warning(call.failMessage ?? (e instanceof Error ? e.message : `${call.label}失败`));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button icon={<SyncOutlined />} loading={busy} data-testid={`call-${call.key}`} onClick={() => void run()}>
      {call.label}
    </Button>
  );
}

import { App } from 'antd';
import { useCallback } from 'react';
import { RequestFailure } from '../../runtime/workflow/provider.ts';

/*
 * Runs one action of the workflow's screens: its answer as a success message and then `after`, or the
 * server's refusal as an error message. Answers whether it went through.
 */
export function useRun() {
  const { message } = App.useApp();
  return useCallback(
    async (work: () => Promise<string>, after?: () => unknown): Promise<boolean> => {
      try {
        message.success(await work());
        await after?.();
        return true;
      } catch (e) {
        message.error(e instanceof RequestFailure ? e.message : '操作失败');
        return false;
      }
    },
    [message],
  );
}

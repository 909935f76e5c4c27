import { App } from 'antd';
import { useState } from 'react';
import type { Envelope } from '../../../core/api-types.ts';
import { RequestFailure } from '../../../runtime/session/api.ts';

/**
 * Sends a form's call and tells the user how it went: the server's message as a success, or its
 * refusal (success false, or an error status) as a warning, as spec section 8 has it for the password
 * dialog. `done` runs on success and may replace the success text.
 */
export function useSubmit() {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  async function submit<T>(call: () => Promise<Envelope<T>>, done: (result: T) => string | void, failure: string): Promise<void> {
    setBusy(true);
    try {
      const r = await call();
      if (!r.success) return void message.warning(r.message);
      message.success(done(r.result) ?? r.message);
    } catch (error) {
      message.warning(error instanceof RequestFailure ? error.message : failure);
    } finally {
      setBusy(false);
    }
  }

  return { busy, submit };
}

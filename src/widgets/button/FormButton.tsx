import { observer, useField, useForm } from '@formily/react';
import { App, Button } from 'antd';
import { antButtonType, buttonHandler, unknownHandlerMessage } from './handlers.ts';

interface Props {
  text?: string;
  buttonType?: string;
  handle?: 'submit' | 'reset' | 'dynamic';
  dynamicFun?: string;
  disabled?: boolean;
  readOnly?: boolean;
}

export const SUBMIT_OK_MESSAGE = '表单校验通过';

/**
 * The button widget: submit validates the form, reset empties it, dynamic calls a registered handler. It is a void
 * field, to which Formily hands no `disabled`: the field's own state (the widget's 禁用 option, a disabled or
 * read-only form) is read here.
 */
export const FormButton = observer(function FormButton({ text, buttonType, handle = 'submit', dynamicFun, disabled, readOnly }: Props) {
  const form = useForm();
  const field = useField();
  const off = disabled || readOnly || field?.disabled || field?.readOnly;
  const { message } = App.useApp();
  const { type, danger } = antButtonType(buttonType);

  const onClick = async () => {
    if (handle === 'reset') {
      await form.reset('*', { forceClear: true });
      return;
    }
    if (handle === 'dynamic') {
      const handler = buttonHandler(dynamicFun);
      if (!handler) {
        message.warning(unknownHandlerMessage(dynamicFun));
        return;
      }
      await handler(form.values as Record<string, unknown>);
      return;
    }
    try {
      await form.submit();
      message.success(SUBMIT_OK_MESSAGE);
    } catch {
      // The fields show their own messages.
    }
  };

  return (
    <div style={{ marginBottom: 16 }}>
      <Button type={type} danger={danger} disabled={off} onClick={onClick}>
        {text || '按钮'}
      </Button>
    </div>
  );
});

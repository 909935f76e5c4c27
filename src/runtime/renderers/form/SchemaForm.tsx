import { FormLayout } from '@formily/antd-v5';
import { type Form, registerValidateLocale, setValidateLanguage } from '@formily/core';
import { createSchemaField, FormProvider } from '@formily/react';
import { useMemo } from 'react';
import { useSnapshot } from 'valtio';
import type { EntityDef, FormDef } from '../../../core/schema/types.generated.ts';
import { session } from '../../session/store.ts';
import { useWidgetKit } from '../../widgets/kit.ts';
import { withWidgetKit } from '../../widgets/WidgetKitBoundary.tsx';
import { compileForm, type UniqueCheck } from './compile.ts';
import { isLong, LongFormBody, onScreenItem } from './long-form.tsx';

// The components come from the widget kit, handed in at render (SchemaField merges its components prop).
const SchemaField = createSchemaField();

// A field made required by linkage (or without its own message) says '必填项', the spec's default.
registerValidateLocale({ 'zh-CN': { required: '必填项' } });
setValidateLanguage('zh-CN');

/** Renders a designer-format form on a Formily form instance the caller owns (so it can submit it). */
export const SchemaForm = withWidgetKit(SchemaFormBody);

function SchemaFormBody({ formDef, form, unique, entity }: { formDef: FormDef; form: Form; unique?: UniqueCheck; entity?: EntityDef }) {
  const { userInfo } = useSnapshot(session);
  const kit = useWidgetKit();
  const schema = useMemo(
    () =>
      compileForm(formDef, {
        // User widgets store usernames and department widgets department ids, so the placeholders resolve to those (spec section 3).
        placeholders: {
          username: userInfo?.username ?? '',
          realname: userInfo?.username ?? '',
          departName: userInfo?.departIds ?? '',
          departCode: userInfo?.departIds ?? '',
        },
        unique,
        entity,
      }),
    [formDef, userInfo, unique, entity],
  );
  // A long form draws its fields as they come into view; a short one draws them all at once.
  // (Top-level items are drawn one by one: each must have a name of its own.)
  const long = useMemo(() => isLong(formDef) && Object.keys(schema.properties ?? {}).length === formDef.list.length, [formDef, schema]);
  const components = useMemo(() => (long ? { ...kit.components, FormItem: onScreenItem(kit.components.FormItem) } : kit.components), [kit, long]);
  const { layout = 'horizontal', labelCol, wrapperCol } = formDef.config;
  return (
    <FormProvider form={form}>
      <FormLayout
        layout={layout}
        labelCol={layout === 'horizontal' ? (labelCol?.span ?? 4) : undefined}
        wrapperCol={layout === 'horizontal' ? (wrapperCol?.span ?? 18) : undefined}
        feedbackLayout="terse"
      >
        {long ? (
          <LongFormBody form={form} def={formDef} schema={schema} draw={(root) => <SchemaField schema={root} components={components} />} />
        ) : (
          <SchemaField schema={schema} components={components} />
        )}
      </FormLayout>
    </FormProvider>
  );
}

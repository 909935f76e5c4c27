import { UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import type { WidgetItem } from '../../core/schema/types.generated.ts';

export const uploadFileMock = (item: WidgetItem): ReactNode => (
  <Button icon={<UploadOutlined />}>{item.options?.drag ? '拖拽文件到此处上传' : '上传文件'}</Button>
);

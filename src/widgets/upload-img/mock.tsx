import { PlusOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';

export const uploadImgMock = (): ReactNode => (
  <div className="fd-mock-image">
    <PlusOutlined />
    <span>上传</span>
  </div>
);

import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Upload, type UploadFile, type UploadProps } from 'antd';
import { useEffect, useState } from 'react';
import { runtimeConfig } from '../../runtime/config.ts';
import { openStoredFiles } from '../../runtime/files/open-file.ts';
import { isPdfPath } from '../../runtime/helpers/files.ts';
import { IMAGE_TYPES, filesToValue, fitsLimit, limitOf, nextFiles, type UploadItem, type UploadKind, valueToFiles } from './files.ts';
import { authHeaders, uploadAction, uploadData } from './headers.ts';

export interface UploadFieldProps {
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  readOnly?: boolean;
  kind: UploadKind;
  limit?: number;
  listType?: 'text' | 'picture' | 'picture-card';
  fileName?: string;
  data?: string;
  action?: string;
  multiple?: boolean;
  drag?: boolean;
}

/** The file (uploadFile) and image (uploadImg) widgets: antd Upload over a comma list of stored paths. */
export function UploadField({ value, onChange, disabled, readOnly, kind, limit, listType, fileName = 'file', data, action, multiple, drag }: UploadFieldProps) {
  const { message } = App.useApp();
  const staticDomain = runtimeConfig().staticDomainURL;
  const max = limitOf(limit);
  const [files, setFiles] = useState<UploadItem[]>(() => valueToFiles(value, staticDomain, kind));

  // A value set from outside (form reset, record loaded) replaces the list; our own changes already match it.
  useEffect(() => {
    if ((value ?? '') !== filesToValue(files, staticDomain)) setFiles(valueToFiles(value, staticDomain, kind));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  const locked = disabled || readOnly;
  const props: UploadProps = {
    name: fileName,
    action: uploadAction(action),
    data: uploadData(data),
    headers: authHeaders(),
    multiple,
    disabled: locked,
    fileList: files as UploadFile[],
    listType: listType ?? (kind === 'image' ? 'picture-card' : 'text'),
    accept: kind === 'image' ? IMAGE_TYPES.join(',') : undefined,
    showUploadList: { showRemoveIcon: !locked },
    // A stored file other than a picture is read with a ticket asked for at the click (antd then keeps the item's address unused).
    onPreview: (file) => {
      const path = filesToValue([file as UploadItem], staticDomain);
      if (path) void openStoredFiles([path], isPdfPath(path) ? 'preview' : 'download').catch(() => undefined);
    },
    beforeUpload: (file, batch) => {
      if (kind === 'image' && !IMAGE_TYPES.includes(file.type)) {
        message.warning('请上传图片');
        return Upload.LIST_IGNORE;
      }
      const room = fitsLimit(file, batch, files.length, max);
      if (room.message) message.warning(room.message);
      return room.fits || Upload.LIST_IGNORE;
    },
    onChange: ({ file, fileList }) => {
      const next = nextFiles(fileList as UploadItem[], file as UploadItem, kind, max, staticDomain);
      if (next.warning) message.warning(next.warning);
      if (next.error) message.error(next.error);
      setFiles(next.files);
      if (file.status !== 'uploading') onChange?.(filesToValue(next.files, staticDomain));
    },
  };

  const full = files.length >= max;
  if (kind === 'image' && props.listType === 'picture-card') {
    return <Upload {...props}>{!locked && !full && <PlusOutlined aria-label="上传图片" />}</Upload>;
  }
  const button = !locked && !full && <Button icon={<UploadOutlined />}>{kind === 'image' ? '上传图片' : '上传文件'}</Button>;
  if (drag && !locked) {
    return (
      <Upload.Dragger {...props}>
        <p>{kind === 'image' ? '点击或拖拽图片到此处上传' : '点击或拖拽文件到此处上传'}</p>
      </Upload.Dragger>
    );
  }
  return <Upload {...props}>{button}</Upload>;
}

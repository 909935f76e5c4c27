import { LoadingOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Upload, type UploadProps } from 'antd';
import { useState } from 'react';
import { runtimeConfig } from '../../../runtime/config.ts';
import { KEYS, local } from '../../../runtime/storage.ts';
import { avatarUrl } from '../../layouts/header/UserMenu.tsx';

const IMAGE_TYPES = ['image/gif', 'image/jpeg', 'image/png'];
const MAX_MB = 5;

/**
 * The avatar of the basic settings: an image (gif, jpeg, png, at most 5 MB) posted to /sys/common/upload;
 * the stored path the server answers becomes the value. The server checks the file's bytes again.
 */
export function AvatarUpload({ value, onChange }: { value?: string | null; onChange?: (path: string) => void }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  const props: UploadProps = {
    name: 'file',
    accept: IMAGE_TYPES.join(','),
    action: `${runtimeConfig().apiBase}/sys/common/upload`,
    data: { biz: 'avatar' },
    headers: { 'X-Access-Token': local.get<string>(KEYS.ACCESS_TOKEN) ?? '', tenant_id: String(local.get(KEYS.TENANT_ID) ?? 0) },
    showUploadList: false,
    beforeUpload: (file) => {
      if (!IMAGE_TYPES.includes(file.type)) {
        message.warning('请上传图片');
        return Upload.LIST_IGNORE;
      }
      if (file.size > MAX_MB * 1024 * 1024) {
        message.warning(`图片大小不能超过${MAX_MB}MB`);
        return Upload.LIST_IGNORE;
      }
      return true;
    },
    onChange: ({ file }) => {
      if (file.status === 'uploading') return setBusy(true);
      setBusy(false);
      if (file.status === 'done' && file.response?.success) onChange?.(file.response.message);
      else if (file.status === 'done' || file.status === 'error') message.error(file.response?.message ?? '头像上传失败');
    },
  };

  return (
    <div className="avatar-upload" data-testid="avatar-upload">
      <Avatar size={120} icon={busy ? <LoadingOutlined /> : <UserOutlined />} src={avatarUrl(value)} />
      <Upload {...props}>
        <Button icon={<UploadOutlined />} loading={busy}>
          更换头像
        </Button>
      </Upload>
    </div>
  );
}

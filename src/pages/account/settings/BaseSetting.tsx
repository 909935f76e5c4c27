import { Button, Col, Form, Input, Radio, Row } from 'antd';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { isGuest, session, updateUserInfo } from '../../../runtime/session/store.ts';
import { useSubmit } from '../../layouts/dialogs/useSubmit.ts';
import { accountApi, type ProfileEdit } from '../api.ts';
import { AvatarUpload } from './AvatarUpload.tsx';

/** 基本设置: real name, sex, phone, email and avatar of the signed-in user; the server checks them again. */
export function BaseSetting() {
  const { userInfo } = useSnapshot(session);
  const [form] = Form.useForm<ProfileEdit>();
  const { busy, submit } = useSubmit();
  // Fields stay disabled until the stored profile arrives: what someone typed before would be overwritten by it.
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    void accountApi
      .profile()
      .then(
        (p) => form.setFieldsValue(p),
        () => {},
      )
      .finally(() => setLoaded(true));
  }, [form]);

  const save = (values: ProfileEdit) =>
    submit(
      () => accountApi.edit(values),
      (result) => void updateUserInfo(result.userInfo),
      '保存失败',
    );

  return (
    <Form form={form} layout="vertical" onFinish={save} initialValues={userInfo ?? undefined} disabled={isGuest() || !loaded} data-testid="base-setting">
      <Row gutter={32}>
        <Col xs={24} md={14}>
          <Form.Item
            label="姓名"
            name="realname"
            rules={[
              { required: true, whitespace: true, message: '请输入姓名' },
              { max: 50, message: '姓名长度不能超过50' },
            ]}
          >
            <Input placeholder="请输入姓名" />
          </Form.Item>
          <Form.Item label="性别" name="sex">
            <Radio.Group
              options={[
                { value: 1, label: '男' },
                { value: 2, label: '女' },
              ]}
            />
          </Form.Item>
          <Form.Item label="手机号码" name="phone" rules={[{ pattern: /^1[3-9]\d{9}$/, message: '请输入正确的手机号码' }]}>
            <Input placeholder="请输入手机号码" />
          </Form.Item>
          <Form.Item label="邮箱" name="email" rules={[{ type: 'email', message: '请输入正确的邮箱地址' }]}>
            <Input placeholder="请输入邮箱" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>
            更新基本信息
          </Button>
        </Col>
        <Col xs={24} md={10}>
          <Form.Item label="头像" name="avatar">
            <AvatarUpload />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}

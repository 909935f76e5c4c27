import { App, Form, Input, Modal, Radio, Select } from 'antd';
import { useEffect, useState } from 'react';
import { type Announcement, announcementAdminApi, type AnnouncementForm as FormValues } from '../../runtime/notice/api.ts';
import { RequestFailure } from '../../runtime/http/client.ts';

type Option = { value: string; label: string };

/** Chosen users by name: a remote search over the users an announcement may be addressed to. */
function RecipientSelect({ value, onChange, initial }: { value?: string[]; onChange?: (v: string[]) => void; initial: Option[] }) {
  const [options, setOptions] = useState<Option[]>(initial);
  const search = (keyword: string) =>
    announcementAdminApi.recipients(keyword).then(
      (users) => setOptions((old) => [...old.filter((o) => value?.includes(o.value)), ...users.filter((u) => !value?.includes(u.id)).map((u) => ({ value: u.id, label: `${u.realname}（${u.username}）` }))]),
      () => {},
    );
  useEffect(() => void search(''), []); // eslint-disable-line react-hooks/exhaustive-deps
  return <Select mode="multiple" showSearch filterOption={false} onSearch={search} value={value} onChange={onChange} options={options} placeholder="输入姓名或账号搜索" data-testid="recipient-select" />;
}

/**
 * 新建 / 编辑 系统通告. The HTML is entered as it is (a rich-text editor comes with the widget kit);
 * the server cleans it before storing, and checks every field again.
 */
export function AnnouncementForm({ record, open, onDone }: { record: Announcement | null; open: boolean; onDone: (saved: boolean) => void }) {
  const [form] = Form.useForm<FormValues>();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const msgType = Form.useWatch('msgType', form);
  const openType = Form.useWatch('openType', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (record) form.setFieldsValue({ ...record, userIds: record.userIds?.split(',').filter(Boolean) ?? [] });
  }, [open, record, form]);

  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      const r = record ? await announcementAdminApi.edit(record.id, values) : await announcementAdminApi.add(values);
      message.success(r.message);
      onDone(true);
    } catch (e) {
      if (!(e instanceof RequestFailure)) message.error('保存失败');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={record ? '编辑通告' : '新建通告'} width={850} open={open} onOk={submit} onCancel={() => onDone(false)} confirmLoading={busy} okText="保存" cancelText="取消" destroyOnHidden>
      <Form form={form} labelCol={{ span: 4 }} wrapperCol={{ span: 18 }} initialValues={{ priority: 'L', msgCategory: '1', msgType: 'ALL', openType: null }} data-testid="announcement-form">
        <Form.Item label="标题" name="titile" rules={[{ required: true, message: '请输入标题' }, { max: 100, message: '标题长度不能超过100' }]}>
          <Input placeholder="请输入标题" />
        </Form.Item>
        <Form.Item label="消息类型" name="msgCategory">
          <Radio.Group options={[{ value: '1', label: '通知公告' }, { value: '2', label: '系统消息' }]} />
        </Form.Item>
        <Form.Item label="优先级" name="priority">
          <Radio.Group options={[{ value: 'L', label: '一般' }, { value: 'M', label: '重要' }, { value: 'H', label: '紧急' }]} />
        </Form.Item>
        <Form.Item label="通告对象" name="msgType">
          <Radio.Group options={[{ value: 'ALL', label: '全体用户' }, { value: 'USER', label: '指定用户' }]} />
        </Form.Item>
        {msgType === 'USER' && (
          <Form.Item label="指定用户" name="userIds" rules={[{ required: true, message: '请选择指定用户' }]}>
            <RecipientSelect initial={[]} />
          </Form.Item>
        )}
        <Form.Item label="打开方式" name="openType">
          <Select allowClear placeholder="不打开页面" options={[{ value: 'url', label: '打开页面 (url)' }, { value: 'component', label: '打开组件 (component)' }]} />
        </Form.Item>
        {openType && (
          <Form.Item label="打开页面" name="openPage" rules={[{ required: true, message: '请填写打开页面' }]}>
            <Input placeholder={openType === 'url' ? '/account/settings' : 'isps/UserAnnouncement'} />
          </Form.Item>
        )}
        <Form.Item label="内容" name="msgContent">
          <Input.TextArea rows={8} placeholder="支持 HTML，保存时会清除脚本等不安全内容" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

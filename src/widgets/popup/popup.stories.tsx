import type { Meta } from '@storybook/react-vite';
import { itemOf, standardStories } from '../story-kit/stories.tsx';
import { WidgetStory } from '../story-kit/WidgetStory.tsx';
import { withAntApp, withServerStub } from '../story-stubs/stubs.tsx';

/* The popup picker over a stubbed online report of staff users (the three calls of spec section 7). */
const USERS = [
  { id: 'u1', username: 'zhangwei', realname: '张伟', sex: 1, phone: '13800000001', depart_name: '募捐部' },
  { id: 'u2', username: 'lina', realname: '李娜', sex: 2, phone: '13800000002', depart_name: '项目部' },
  { id: 'u3', username: 'wangfang', realname: '王芳', sex: 2, phone: '13800000003', depart_name: '财务部' },
];

const server = withServerStub({
  '/online/cgreport/api/getRpColumns/': () => ({
    cgRpConfigId: 'r1',
    cgRpConfigName: '用户',
    columns: [
      { dataIndex: 'username', title: '账号' },
      { dataIndex: 'realname', title: '姓名' },
      { dataIndex: 'sex', title: '性别', customRender: 'sex' },
      { dataIndex: 'phone', title: '手机号' },
      { dataIndex: 'depart_name', title: '部门' },
    ],
    dictOptions: {
      sex: [
        { value: '1', text: '男' },
        { value: '2', text: '女' },
      ],
    },
  }),
  '/online/cgreport/api/getQueryInfo/': () => [
    { field: 'username', label: '账号', view: 'text', mode: 'single', hidden: '0' },
    { field: 'realname', label: '姓名', view: 'text', mode: 'single', hidden: '0' },
    { field: 'depart_name', label: '部门', view: 'text', mode: 'single', hidden: '1' },
  ],
  '/online/cgreport/api/getData/': (url) => {
    const name = (url.searchParams.get('realname') ?? '').replace(/\*/g, '');
    const records = USERS.filter((u) => u.realname.includes(name));
    return { total: records.length, records };
  },
});

export default {
  title: 'Widgets/Popup弹框 popup',
  component: WidgetStory,
  decorators: [server, withAntApp],
  parameters: { widgetTypes: ['popup'] },
} satisfies Meta<typeof WidgetStory>;

const leader = itemOf(
  'popup',
  { label: '队长姓名', model: 'leader_name' },
  { popupCode: 'report_user', orgFields: 'realname,phone', destFields: 'leader_name,leader_phone' },
);
const phone = itemOf('input', { label: '队长电话', model: 'leader_phone', key: 'phone' });

export const Default = { args: { items: [leader, phone] } };
export const Chosen = { args: { items: [leader, phone], values: { leader_name: '张伟', leader_phone: '13800000001' } } };
export const Multiple = {
  args: {
    items: [itemOf('popup', { label: '成员', model: 'members' }, { popupCode: 'report_user', orgFields: 'username', destFields: 'members', multiple: true })],
  },
};
export const Disabled = { args: { items: [{ ...leader, options: { ...leader.options, disabled: true } }], values: { leader_name: '张伟' } } };
export const ReadOnly = { args: { items: [{ ...leader, options: { ...leader.options, readonly: true } }], values: { leader_name: '张伟' } } };
export const RequiredError = { args: { items: [{ ...leader, rules: [{ required: true, message: '请选择队长' }] }], validate: true } };
/** Without code, orgFields or destFields: popup参数未正确配置! */
export const MissingConfig = standardStories('popup').Default;
/** Two report columns for one form field: popup参数未正确配置,原始值和目标值数量不一致! */
export const CountMismatch = { args: { items: [itemOf('popup', {}, { popupCode: 'report_user', orgFields: 'realname,phone', destFields: 'leader_name' })] } };

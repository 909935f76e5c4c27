import {
  AccountBookOutlined, AlertOutlined, ApartmentOutlined, AppstoreOutlined, AuditOutlined, BankOutlined, BarChartOutlined,
  BellOutlined, BookOutlined, CalendarOutlined, CarryOutOutlined, CloudOutlined, ClusterOutlined, CodeOutlined, CommentOutlined,
  ControlOutlined, DashboardOutlined, DatabaseOutlined, DesktopOutlined, DollarOutlined, EditOutlined, FileOutlined,
  FileTextOutlined, FlagOutlined, FolderOutlined, FormOutlined, FundOutlined, GiftOutlined, GlobalOutlined, HeartOutlined,
  HomeOutlined, IdcardOutlined, LineChartOutlined, LinkOutlined, LockOutlined, MailOutlined, MedicineBoxOutlined, MenuOutlined, MessageOutlined,
  MoneyCollectOutlined, NotificationOutlined, PictureOutlined, PieChartOutlined, ProfileOutlined, ProjectOutlined,
  ReadOutlined, SafetyOutlined, ScheduleOutlined, SettingOutlined, ShopOutlined, SmileOutlined, SolutionOutlined,
  StarOutlined, TableOutlined, TagsOutlined, TeamOutlined, ToolOutlined, UserOutlined, WechatOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/*
 * Menu icons by the names JeecgBoot menus store ('home', 'bar-chart', 'HomeOutlined' …). A fixed list
 * rather than every antd icon: the whole icon set would weigh more than the rest of the shell.
 */
const ICONS: Record<string, ComponentType> = {
  'account-book': AccountBookOutlined, alert: AlertOutlined, apartment: ApartmentOutlined, appstore: AppstoreOutlined,
  audit: AuditOutlined, bank: BankOutlined, 'bar-chart': BarChartOutlined, bell: BellOutlined, book: BookOutlined,
  calendar: CalendarOutlined, 'carry-out': CarryOutOutlined, cloud: CloudOutlined, cluster: ClusterOutlined, code: CodeOutlined,
  comment: CommentOutlined, control: ControlOutlined, dashboard: DashboardOutlined, database: DatabaseOutlined,
  desktop: DesktopOutlined, dollar: DollarOutlined, edit: EditOutlined, file: FileOutlined, 'file-text': FileTextOutlined,
  flag: FlagOutlined, folder: FolderOutlined, form: FormOutlined, fund: FundOutlined, gift: GiftOutlined, global: GlobalOutlined,
  heart: HeartOutlined, home: HomeOutlined, idcard: IdcardOutlined, 'line-chart': LineChartOutlined, link: LinkOutlined,
  lock: LockOutlined, mail: MailOutlined, 'medicine-box': MedicineBoxOutlined, menu: MenuOutlined, message: MessageOutlined, 'money-collect': MoneyCollectOutlined,
  notification: NotificationOutlined, picture: PictureOutlined, 'pie-chart': PieChartOutlined, profile: ProfileOutlined,
  project: ProjectOutlined, read: ReadOutlined, safety: SafetyOutlined, schedule: ScheduleOutlined, setting: SettingOutlined,
  shop: ShopOutlined, smile: SmileOutlined, solution: SolutionOutlined, star: StarOutlined, table: TableOutlined,
  tags: TagsOutlined, team: TeamOutlined, tool: ToolOutlined, user: UserOutlined, wechat: WechatOutlined,
};

/** 'HomeOutlined', 'home-outlined' and 'home' all name the same icon. */
const normalise = (name: string) =>
  name
    .replace(/(Outlined|Filled|TwoTone)$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/-(outlined|filled|twotone)$/, '');

export function menuIcon(name: string | undefined) {
  if (!name) return undefined;
  const Icon = ICONS[normalise(name)];
  return Icon ? <Icon /> : undefined;
}

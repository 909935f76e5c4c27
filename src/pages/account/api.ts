import type { UserInfo } from '../../core/api-types.ts';
import { http } from '../../runtime/http/client.ts';

/* The account centre's calls: the signed-in user's own profile, never anyone else's. */

export interface Profile extends UserInfo {
  departNames: string[];
  roles: { roleCode: string; roleName: string }[];
}

export type ProfileEdit = Pick<UserInfo, 'realname' | 'avatar' | 'phone' | 'email' | 'sex'>;

export const accountApi = {
  profile: () => http.get<Profile>('/sys/user/login/setting/getUserData').then((r) => r.result),
  edit: (values: ProfileEdit) => http.put<{ userInfo: UserInfo }>('/sys/user/login/setting/userEdit', values, { silent: true }),
};

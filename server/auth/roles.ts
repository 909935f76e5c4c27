/** The role codes the server itself relies on: the seed creates them, grants and account rules check them. */
export const ADMIN_ROLE = 'admin';
export const GUEST_ROLE = 'guest';

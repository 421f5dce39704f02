/** /admin/users — replaced by the real screen. */
export const AdminUsersPage = () => null;

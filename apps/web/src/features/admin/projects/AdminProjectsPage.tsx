/** /admin/projects — replaced by the real screen. */
export const AdminProjectsPage = () => null;

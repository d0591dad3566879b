import { EVERYWHERE } from '../../core/permissions';

/** `addUser(db, email, ADMIN_EVERYWHERE)`: a user who may do everything, as every user could before roles (issue 22). */
export const ADMIN_EVERYWHERE = { role: 'admin', scope: EVERYWHERE, by: 'test' };

import { UserPage } from './ui/user-page';
import { UsersPage } from './ui/users-page';
import { searchRoute, userRoute } from './model/users';

export const consoleUsersPage = { route: searchRoute, view: UsersPage };
export const consoleUserPage = { route: userRoute, view: UserPage };
export * as consoleUsersModel from './model/users';

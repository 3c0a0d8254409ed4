/** The facts every console screen names a user by. */
export interface UserNaming {
  first_name: string;
  username: string | null;
  telegram_id: number;
}

/** 'Anna (@anna) · 123456789': the name, the username when there is one, and the Telegram id. */
export const userLabel = (user: UserNaming): string =>
  `${user.first_name}${user.username ? ` (@${user.username})` : ''} · ${user.telegram_id}`;

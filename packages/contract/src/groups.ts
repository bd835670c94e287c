import { z } from 'zod';
import { TeamRole } from './accounts.ts';
import { PASSWORD_MIN } from './constants.ts';
import { ExactText, PlainText } from './strings.ts';

/** POST /accounts/groups */
export const CreateGroupRequest = z.object({ name: PlainText().min(2).max(64) });
export const GroupMember = z.object({ id: z.number().int(), userId: z.number().int(), username: z.string(), role: TeamRole });
export const Group = z.object({
  id: z.number().int(),
  name: z.string(),
  members: z.array(GroupMember),
  /** A user's personal group (named like the user, no other members); absent means a team. */
  personal: z.boolean().optional(),
});
export type Group = z.infer<typeof Group>;
export const AddMemberRequest = z.object({ username: PlainText().min(1) });
export const SetRoleRequest = z.object({ role: TeamRole });

/** POST /accounts/users (admin): add a user who can sign in at once. */
export const CreateUserRequest = z.object({ username: PlainText().min(2).max(64), password: ExactText().min(PASSWORD_MIN).max(1024) });
export const CreatedUser = z.object({ id: z.number().int(), username: z.string() });

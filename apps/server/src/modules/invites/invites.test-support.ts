/** Helpers of the invitation tests: send invitations through the API and read the link back from the mail. */
import { INVITES_PATH, type InviteSendBody, type ProblemBody, type UserType } from '@isoptera/contracts';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { as } from '../../../test/factories.js';

/** The test app of the invitation tests: two-factor sign-in is off so that `login()` opens a session at once. */
export const INVITES_TEST_ENV = { TWO_FACTOR_SPACES: '', APP_URL: 'https://app.isoptera.test' };

/** `POST {invites}/send` as the member of `cookie`. */
export function sendInvites(t: TestApp, cookie: string, invites: InviteSendBody['invites'], type: UserType = 'pco') {
  return t.app.inject({
    method: 'POST',
    url: `${INVITES_PATH[type]}/send`,
    headers: as(cookie),
    payload: { invites },
  });
}

/** The activation link of the next `invitation` mail to `email`, with its token and query. */
export async function invitationLink(t: TestApp, email: string) {
  const mail = await t.mailbox.waitFor(email, { template: 'invitation' });
  const match = /(https?:\/\/[^\s"<>]+\/activation\?token=([A-Za-z0-9_-]+)&user_type=(\w+)&user_exist=([01]))/.exec(
    mail.text,
  );
  if (!match) throw new Error(`no activation link in the mail to ${email}: ${mail.text}`);
  const [, url = '', token = '', userType = '', userExist = ''] = match;
  return { mail, url, token, userType, userExist };
}

/** The violations of a 422 answer as `propertyPath: code` lines. */
export function violationsOf(response: { statusCode: number; json(): unknown; body: string }): string[] {
  expect(response.statusCode, response.body).toBe(422);
  return ((response.json() as ProblemBody).violations ?? []).map((v) => `${v.propertyPath}: ${v.code}`);
}

/** Invites `email` as `role` and answers the token of its link. */
export async function inviteAndGetToken(
  t: TestApp,
  cookie: string,
  email: string,
  role: InviteSendBody['invites'][number]['role'],
  type: UserType = 'pco',
): Promise<{ token: string; ulid: string; userExist: string }> {
  const response = await sendInvites(t, cookie, [{ email, role }], type);
  expect(response.statusCode, response.body).toBe(201);
  const ulid = (response.json() as { invites: { ulid: string }[] }).invites[0]?.ulid ?? '';
  const { token, userExist } = await invitationLink(t, email);
  return { token, ulid, userExist };
}

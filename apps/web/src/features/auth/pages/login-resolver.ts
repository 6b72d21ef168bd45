/** The validation of the login form (contract schema `tokenRequestBody`), loaded on demand by the login page. */
import { zodResolver } from '@hookform/resolvers/zod';
import { tokenRequestBody } from '@isoptera/contracts';

export const loginResolver = zodResolver(tokenRequestBody);

/** Every domain module, in registration order. Add a module here to expose its routes. */
import type { AppModule } from '../platform/module.js';
import { authModule } from './auth/auth.module.js';
import { meModule } from './me/me.module.js';

export const modules: AppModule[] = [authModule, meModule];

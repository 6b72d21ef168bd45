/**
 * The frame of the public screens (login and its steps, password renewal, expired link, activation, e-mail
 * validation): the language choice, the Isoptera mark and one white card with the screen's title. Plain HTML: the
 * login route uses it (ARCHITECTURE §6 budget).
 */
import type { ReactNode } from 'react';
import { BrandMark } from '../../../shared/ui/brand-mark';
import { LanguageSelect } from '../../../shared/ui/language-select';

export interface AuthLayoutProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Id of the subtitle, for an input it describes. */
  subtitleId?: string;
  /** 'sm' for the login card, 'md' for the longer forms. */
  size?: 'sm' | 'md';
  children: ReactNode;
}

/** A centred card under the brand mark, with the language choice at the top right. */
export function AuthLayout({ title, subtitle, subtitleId, size = 'sm', children }: AuthLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-gray-100">
      <header className="flex justify-end p-4">
        <LanguageSelect />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-[8vh] pb-16">
        <div className={size === 'sm' ? 'w-full max-w-sm' : 'w-full max-w-md'}>
          <div className="mb-6 flex justify-center">
            <BrandMark />
          </div>
          <div className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
            <h1 className="text-lg font-semibold text-gray-900">{title}</h1>
            {subtitle ? (
              <p id={subtitleId} className="mt-1 text-sm text-gray-600">
                {subtitle}
              </p>
            ) : null}
            <div className="mt-6">{children}</div>
          </div>
        </div>
      </main>
    </div>
  );
}

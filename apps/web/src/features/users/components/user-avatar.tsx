/**
 * A member's avatar (SPEC §2.7 Users): the uploaded image when there is one, else the initials on the member's colour
 * chip. Decorative: the name is always written next to it.
 */
import type { SpaceUser } from '@isoptera/contracts';
import { cn } from '../../../shared/lib/cn';
import { chipColor, initials } from '../lib/user-display';

export interface UserAvatarProps {
  user: Pick<SpaceUser, 'ulid' | 'firstname' | 'lastname' | 'email' | 'color' | 'avatar'>;
  /** A preview image replacing the stored one (the avatar being chosen). */
  src?: string | null;
  size?: 'sm' | 'lg';
  className?: string;
}

const SIZES = { sm: 'size-9 text-[13px]', lg: 'size-20 text-2xl' };

/** A round avatar image or initials chip. */
export function UserAvatar({ user, src, size = 'sm', className }: UserAvatarProps) {
  const image = src ?? user.avatar;
  if (image) {
    return (
      <img
        src={image}
        alt=""
        className={cn('shrink-0 rounded-full bg-gray-100 object-cover', SIZES[size], className)}
      />
    );
  }
  return (
    <span
      aria-hidden
      style={{ backgroundColor: chipColor(user) }}
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white select-none',
        SIZES[size],
        className,
      )}
    >
      {initials(user)}
    </span>
  );
}

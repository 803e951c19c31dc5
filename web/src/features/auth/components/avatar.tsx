import type { User } from '@/lib/auth'

export const fullName = (user: User) => `${user.firstName} ${user.lastName}`.trim()

/** The user's picture; the server serves one for every account. */
export function Avatar({ user, size = 32, alt = `${fullName(user)}'s profile picture` }: { user: User; size?: number; alt?: string }) {
  return user.image ? (
    <img src={user.image} alt={alt} width={size} height={size} className="rounded-full bg-gray-100 object-cover" style={{ width: size, height: size }} />
  ) : (
    <span
      role="img"
      aria-label={alt}
      className="inline-flex items-center justify-center rounded-full bg-blue-800 font-semibold text-white"
      style={{ width: size, height: size }}
    >
      {`${user.firstName[0] ?? ''}${user.lastName[0] ?? ''}`.toUpperCase()}
    </span>
  )
}

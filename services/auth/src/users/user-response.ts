import type { User } from '@radio/contracts';
import type { SessionUser } from '@radio/service-kit';

/** A user as responses show it: picked field by field, so the password hash never leaks. */
export function toUserResponse(user: SessionUser): User {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    isActive: user.isActive,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
    customRequestsPerHour: user.customRequestsPerHour,
    customRequestsPerDay: user.customRequestsPerDay,
    customCooldownMinutes: user.customCooldownMinutes,
    canBypassLimits: user.canBypassLimits,
  };
}

import type { UserDto } from '@frenly/contracts';

/** Two letters for the avatar: first and last name initials, else the email's first letter. */
export function initialsOf(user: Pick<UserDto, 'firstName' | 'lastName' | 'email'>): string {
  const fromNames = `${user.firstName?.trim()[0] ?? ''}${user.lastName?.trim()[0] ?? ''}`;
  const letters = fromNames || user.email?.trim()[0] || 'F';
  return letters.toUpperCase();
}

export function fullNameOf(user: Pick<UserDto, 'firstName' | 'lastName' | 'email'>): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name || user.email || 'Frenly user';
}

/** The dashboard greets by first name, or "Friend" when there is none (spec §2). */
export function greetingName(user: Pick<UserDto, 'firstName'> | null): string {
  return user?.firstName?.trim() || 'Friend';
}

export { formatNumber as formatBamboo } from '../../lib/format';

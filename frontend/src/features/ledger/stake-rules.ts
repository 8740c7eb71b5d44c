import {
  STAKE_MESSAGE_MAX,
  STAKE_MIN_AMOUNT,
  type StakeCreateRequest,
  type StakeType,
  type UserDto,
} from '@frenly/contracts';
import type { ToastInput } from '../toasts/toast-store';

/** Spec §4/§9: the dialog opens with 50 bamboo as support. */
export const DEFAULT_STAKE_AMOUNT = 50;
export const DEFAULT_STAKE_TYPE: StakeType = 'support';
/** The amount input's maximum when the user has no balance to offer (spec §5). */
export const FALLBACK_STAKE_MAX = 1000;
export { STAKE_MESSAGE_MAX, STAKE_MIN_AMOUNT };

/** The input coerces invalid or lower values to 1 (spec §5), once a submit has refused them. */
export function coerceStakeAmount(raw: string): number {
  const parsed = Number.parseInt(raw, 10);
  return Number.isFinite(parsed) && parsed >= STAKE_MIN_AMOUNT ? parsed : STAKE_MIN_AMOUNT;
}

/**
 * The amount a submit asks for: what was typed, uncoerced, so that a typed 0 (or nothing) is
 * refused with "Invalid Amount" instead of silently staking 1 bamboo (NaN when not a number).
 */
export function typedStakeAmount(raw: string): number {
  return /^\s*-?\d+\s*$/.test(raw) ? Number.parseInt(raw, 10) : Number.NaN;
}

/** The amount input's `max`: the user's balance, or 1000 when there is none. */
export function stakeMaxAttribute(user: Pick<UserDto, 'bambooBalance'> | null | undefined): number {
  return user?.bambooBalance || FALLBACK_STAKE_MAX;
}

export const INVALID_AMOUNT_TOAST: ToastInput = {
  title: 'Invalid Amount',
  description: 'Please enter a valid stake amount.',
  variant: 'destructive',
};

export const INSUFFICIENT_BALANCE_TOAST: ToastInput = {
  title: 'Insufficient Balance',
  description: "You don't have enough bamboo to stake this amount.",
  variant: 'destructive',
};

/** The toast that stops a stake before it is sent, or null when it may go (spec §5). */
export function stakeRejection(
  amount: number,
  user: Pick<UserDto, 'bambooBalance'> | null | undefined,
): ToastInput | null {
  if (!(amount > 0)) return INVALID_AMOUNT_TOAST;
  if (!user || user.bambooBalance < amount) return INSUFFICIENT_BALANCE_TOAST;
  return null;
}

/** The request body: the message trimmed, and left out when empty. */
export function buildStakeRequest(
  siteId: number,
  amount: number,
  type: StakeType,
  message: string,
): StakeCreateRequest {
  const trimmed = message.trim().slice(0, STAKE_MESSAGE_MAX);
  return trimmed ? { siteId, amount, type, message: trimmed } : { siteId, amount, type };
}

export function stakeSuccessToast(amount: number, domain: string): ToastInput {
  return {
    title: 'Stake Successful',
    description: `Successfully staked ${amount} bamboo on ${domain}`,
    variant: 'success',
  };
}

export const STAKE_FAILED_FALLBACK = 'Failed to stake bamboo. Please try again.';

export const SIGN_IN_TO_STAKE_TOAST: ToastInput = {
  title: 'Sign in required',
  description: 'Please sign in to stake bamboo.',
};

export const SIGN_IN_TO_VOTE_TOAST: ToastInput = {
  title: 'Sign in required',
  description: 'Please sign in to vote on sites.',
};

export const VOTE_FAILED_TOAST: ToastInput = {
  title: 'Error',
  description: 'Failed to vote. Please try again.',
  variant: 'destructive',
};

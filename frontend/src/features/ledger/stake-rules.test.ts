import { describe, expect, it } from 'vitest';
import {
  buildStakeRequest,
  coerceStakeAmount,
  DEFAULT_STAKE_AMOUNT,
  DEFAULT_STAKE_TYPE,
  INSUFFICIENT_BALANCE_TOAST,
  INVALID_AMOUNT_TOAST,
  stakeMaxAttribute,
  stakeRejection,
  stakeSuccessToast,
  typedStakeAmount,
} from './stake-rules';

describe('stake form rules (spec §5)', () => {
  it('starts at 50 bamboo as support', () => {
    expect(DEFAULT_STAKE_AMOUNT).toBe(50);
    expect(DEFAULT_STAKE_TYPE).toBe('support');
  });

  it('coerces invalid or lower amounts to 1', () => {
    expect(coerceStakeAmount('')).toBe(1);
    expect(coerceStakeAmount('abc')).toBe(1);
    expect(coerceStakeAmount('0')).toBe(1);
    expect(coerceStakeAmount('-20')).toBe(1);
    expect(coerceStakeAmount('75')).toBe(75);
  });

  it('reads a submitted amount as typed, so that 0 or nothing is refused rather than staked as 1', () => {
    expect(typedStakeAmount('0')).toBe(0);
    expect(typedStakeAmount('-20')).toBe(-20);
    expect(typedStakeAmount('75')).toBe(75);
    expect(typedStakeAmount('')).toBeNaN();
    expect(typedStakeAmount('1e3')).toBeNaN();
    expect(stakeRejection(typedStakeAmount(''), { bambooBalance: 100 })).toBe(INVALID_AMOUNT_TOAST);
  });

  it('caps the input at the balance, or 1000 when there is none', () => {
    expect(stakeMaxAttribute({ bambooBalance: 420 })).toBe(420);
    expect(stakeMaxAttribute(null)).toBe(1000);
    expect(stakeMaxAttribute({ bambooBalance: 0 })).toBe(1000);
  });

  it('refuses an amount of 0 or less as an invalid amount', () => {
    expect(stakeRejection(0, { bambooBalance: 100 })).toBe(INVALID_AMOUNT_TOAST);
    expect(stakeRejection(-5, { bambooBalance: 100 })).toBe(INVALID_AMOUNT_TOAST);
    expect(INVALID_AMOUNT_TOAST).toMatchObject({
      title: 'Invalid Amount',
      description: 'Please enter a valid stake amount.',
    });
  });

  it('refuses more than the balance, or any stake without a user, as insufficient', () => {
    expect(stakeRejection(101, { bambooBalance: 100 })).toBe(INSUFFICIENT_BALANCE_TOAST);
    expect(stakeRejection(10, null)).toBe(INSUFFICIENT_BALANCE_TOAST);
    expect(INSUFFICIENT_BALANCE_TOAST).toMatchObject({
      title: 'Insufficient Balance',
      description: "You don't have enough bamboo to stake this amount.",
    });
  });

  it('lets a stake within the balance through', () => {
    expect(stakeRejection(100, { bambooBalance: 100 })).toBeNull();
  });

  it('trims the message and leaves it out when empty', () => {
    expect(buildStakeRequest(7, 50, 'concern', '  dark patterns  ')).toEqual({
      siteId: 7,
      amount: 50,
      type: 'concern',
      message: 'dark patterns',
    });
    expect(buildStakeRequest(7, 50, 'support', '   ')).toEqual({
      siteId: 7,
      amount: 50,
      type: 'support',
    });
  });

  it('never sends more than 500 characters of message', () => {
    expect(buildStakeRequest(1, 1, 'support', 'x'.repeat(600)).message).toHaveLength(500);
  });

  it('words the success toast as the spec does', () => {
    expect(stakeSuccessToast(50, 'example.org')).toMatchObject({
      title: 'Stake Successful',
      description: 'Successfully staked 50 bamboo on example.org',
    });
  });
});

import { Type } from 'class-transformer';
import {
  IsDefined,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import type { PushSubscriptionRequest } from '@frenly/contracts';

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const MAX_DATE_MS = 8.64e15;

export class PushSubscriptionKeysDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(256)
  @Matches(BASE64URL, { message: '$property must be base64url' })
  p256dh!: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(256)
  @Matches(BASE64URL, { message: '$property must be base64url' })
  auth!: string;
}

/** The browser's PushSubscription (`subscription.toJSON()`), nothing more. */
export class PushSubscriptionCreateDto implements PushSubscriptionRequest {
  @IsUrl(
    { protocols: ['https'], require_protocol: true, require_valid_protocol: true },
    { message: 'endpoint must be an https URL' },
  )
  @MaxLength(2048)
  endpoint!: string;

  @IsOptional()
  @IsNumber(
    { allowNaN: false, allowInfinity: false },
    { message: 'expirationTime must be a number of milliseconds or null' },
  )
  @Min(0)
  // The latest instant a Date can hold: a larger number is no time at all (found by the fuzzer).
  @Max(MAX_DATE_MS, {
    message: 'expirationTime must be a time a Date can hold (at most 8.64e15 ms)',
  })
  expirationTime?: number | null;

  @IsDefined({ message: 'keys is required (with p256dh and auth)' })
  @IsObject()
  @ValidateNested()
  @Type(() => PushSubscriptionKeysDto)
  keys!: PushSubscriptionKeysDto;
}

/** The browser's own PushSubscription, as `PushSubscription.toJSON()` gives it. */
export interface PushSubscriptionRequest {
  /** The push service URL (https). */
  endpoint: string;
  /** Epoch milliseconds, or null when the subscription does not expire. */
  expirationTime?: number | null;
  keys: {
    /** The client's P-256 public key, base64url. */
    p256dh: string;
    /** The authentication secret, base64url. */
    auth: string;
  };
}

/** `POST /api/push/subscribe` answers 201 with the stored endpoint. */
export interface PushSubscriptionResponse {
  endpoint: string;
}

/** `GET /api/push/public-key`: the application server (VAPID) public key; empty when unset. */
export interface PushPublicKeyResponse {
  publicKey: string;
}

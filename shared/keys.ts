/**
 * Limits of the identifiers the domain stores things under (company keys, slugs, user ids):
 * DynamoDB refuses a sort key over 1,024 bytes (a partition key over 2,048, an empty key at
 * all) with an error, so an identifier from outside (a path parameter, a webhook event) is
 * checked against them first and answered as bad input or as unknown, never as a failure.
 */

/** Longest identifier accepted, in UTF-8 bytes. */
export const MAX_KEY_BYTES = 1024;

/**
 * Whether `key` can be looked up at all: not empty and at most `MAX_KEY_BYTES` in UTF-8.
 * Check it on the NORMALISED form: NFKD can grow a short text many times (one U+FDFA becomes
 * 18 letters). "cohere" → true; "" → false.
 */
export const keyFits = (key: string): boolean => key !== '' && new TextEncoder().encode(key).length <= MAX_KEY_BYTES;

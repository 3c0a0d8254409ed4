import { miniAppLink } from '@/shared/config';

/**
 * The user's referral link (docs/product.md §9, docs/foundations.md §7): the Mini App's link with the ref_code as its
 * start parameter, https://t.me/<bot>/<app>?startapp=<ref_code>. Opening it signs a new user in with
 * this user as referrer.
 */
export const referralLink = (refCode: string): string => `${miniAppLink()}?startapp=${encodeURIComponent(refCode)}`;

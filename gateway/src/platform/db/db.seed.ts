/** Ids of the super role and the super account (spec section 6). */
export const SUPER_ROLE_ID = 1;
export const SUPER_ACCOUNT_ID = 1;
export const SUPER_ACCOUNT_NAME = 'admin';

/** Base data created on first start. Ids of providers are the platform's channel ids. */
export const SEED_PROVIDERS: readonly { id: number; name: string }[] = [
  { id: 1001, name: 'Lucky Star' },
  { id: 1002, name: 'Golden Dragon' },
  { id: 1003, name: 'Royal Ganges' },
  { id: 1004, name: 'Siam Palace' },
  { id: 1005, name: 'Saigon Nights' },
  { id: 1006, name: 'Manila Bay' },
];

export const SEED_CURRENCIES: readonly { code: string; name: string }[] = [
  { code: 'CNY', name: 'Chinese Yuan' },
  { code: 'USD', name: 'US Dollar' },
  { code: 'INR', name: 'Indian Rupee' },
  { code: 'EUR', name: 'Euro' },
  { code: 'THB', name: 'Thai Baht' },
  { code: 'VND', name: 'Vietnamese Dong' },
  { code: 'PHP', name: 'Philippine Peso' },
  { code: 'IDR', name: 'Indonesian Rupiah' },
  { code: 'MYR', name: 'Malaysian Ringgit' },
  { code: 'BRL', name: 'Brazilian Real' },
];

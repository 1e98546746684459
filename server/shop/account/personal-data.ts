/**
 * A customer's personal data as one machine-readable document (GDPR art. 15, access, and art. 20, portability): the
 * account with its saved addresses, the orders placed with the account or its e-mail address, the consents recorded
 * for the account and those orders, the withdrawals from those orders, and the contact messages and DSA notices sent
 * from the address. Secrets (password and key hashes) are not personal data the customer gave, and are left out.
 */
import type { ConsentRecord, ContactMessage, DsaNotice, Order, User, WithdrawalRequest } from '../../store/schema.js';
import type { Store } from '../../store/store.js';

/** The export's format, named in the document so that a reader knows what it holds. */
export const PERSONAL_DATA_FORMAT = 'vitrine-personal-data/1';

export interface PersonalDataExport {
  format: typeof PERSONAL_DATA_FORMAT;
  exported_at: string;
  account: Pick<User, 'id' | 'login' | 'email' | 'display_name' | 'roles' | 'created_at'> & {
    addresses: User['addresses'] | null;
  };
  orders: Order[];
  consent: ConsentRecord[];
  withdrawals: WithdrawalRequest[];
  contact_messages: ContactMessage[];
  dsa_notices: DsaNotice[];
}

/** Everything the shop holds of `user`, as of `now`. */
export async function personalDataOf(store: Store, user: User, now = new Date()): Promise<PersonalDataExport> {
  const email = user.email.toLowerCase();
  const ownAddress = (candidate: { email: string }) => candidate.email.toLowerCase() === email;
  const orders = (await store.orders.list()).filter((order) => order.user_id === user.id || ownAddress(order));
  const orderIds = new Set(orders.map((order) => order.id));
  const references = new Set([`user:${user.id}`, ...orders.map((order) => `order:${order.number}`)]);
  const contactMessages = (await store.messages.list()).filter(ownAddress);
  for (const message of contactMessages) references.add(`message:${message.id}`);
  return {
    format: PERSONAL_DATA_FORMAT,
    exported_at: now.toISOString(),
    account: {
      id: user.id,
      login: user.login,
      email: user.email,
      display_name: user.display_name,
      roles: user.roles,
      created_at: user.created_at,
      addresses: user.addresses ?? null,
    },
    orders,
    consent: (await store.consent.log()).filter((record) => references.has(record.reference ?? '')),
    withdrawals: (await store.withdrawals.list()).filter((withdrawal) => orderIds.has(withdrawal.order_id)),
    contact_messages: contactMessages,
    dsa_notices: (await store.dsaNotices.list()).filter(ownAddress),
  };
}

/** The file name of a download of `user`'s data. */
export const personalDataFileName = (user: User, now = new Date()) =>
  `personal-data-${user.id}-${now.toISOString().slice(0, 10)}.json`;

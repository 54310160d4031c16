// Customer accounts: the credit limit, a customer's account, collections and the overdue list (electron/core/accounts).
import type { Handlers } from '../dispatch';
import type { AccountsService } from '../accounts';

export function accountsHandlers(accounts: AccountsService) {
  return {
    setCreditLimit: (input) => accounts.setCreditLimit(input.customer, input.limit),
    getCustomerAccount: (input) => accounts.account(input.customer, input.limit),
    recordCollection: (input) => accounts.recordCollection(input),
    getCollection: (input) => accounts.collection(input.id),
    listOverdueAccounts: () => accounts.overdue(),
  } satisfies Partial<Handlers>;
}

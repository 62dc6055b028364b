/** A receiving account as the deposit form shows it (the API layer's Bank, logo already resolved). */
export interface BankView {
  id: number;
  accountName: string;
  accountNumber: string;
  paymentTypeName: string;
  img: string;
}

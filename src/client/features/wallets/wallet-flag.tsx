/** The flag of a wallet's currency as an emoji, decorative: the currency code beside it says it. */
export function WalletFlag({ flagCode }: { flagCode: string }) {
  const emoji = [...flagCode.toUpperCase()].map((c) => String.fromCodePoint(0x1f1e6 + c.charCodeAt(0) - 65)).join('');
  return <span aria-hidden="true">{emoji}</span>;
}

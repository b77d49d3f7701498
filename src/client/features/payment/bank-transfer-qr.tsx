import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import type { BankTransferInstructions } from '../../../domain/contract/transfers.ts';
import { sepaTransferQrText } from '../../../domain/sepa-qr.ts';
import { useClientFeatures } from '../../lib/client-features.ts';
import { useWireMoney } from '../../lib/use-wire-money.ts';
import { buttonClass } from '../../ui/button.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';
import styles from './payment.module.css';

/** The dark modules of a QR code as one SVG path, a unit square each. */
function modulesPath(modules: boolean[][]): string {
  return modules
    .flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : '')))
    .filter(Boolean)
    .join('');
}

/** The QR code of `text`, drawn once the encoder (loaded on demand) has it. */
function QrCode({ text, label }: { text: string; label: string }) {
  const [code, setCode] = useState<{ size: number; path: string }>();
  useEffect(() => {
    let live = true;
    // EPC069-12 asks for error correction level M; the standard's four-module quiet zone around it
    void import('uqr').then(({ encode }) => {
      const { data, size } = encode(text, { ecc: 'M', border: 4 });
      if (live) setCode({ size, path: modulesPath(data) });
    });
    return () => {
      live = false;
    };
  }, [text]);
  if (!code) return <div className={styles.qr} />;
  return (
    <svg
      className={styles.qr}
      viewBox={`0 0 ${code.size} ${code.size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={code.size} height={code.size} fill="#fff" />
      <path d={code.path} fill="#000" />
    </svg>
  );
}

interface BankTransferQrProps {
  instructions: BankTransferInstructions;
  /** the quoted rate ran out: the amount in the code no longer buys what was quoted */
  expired: boolean;
}

/**
 * SPEC §2 QR-code payment: for a euro bank transfer, the SEPA credit transfer
 * QR code (EPC069-12) the customer's banking app scans to fill in our
 * account, the exact amount and the reference — nothing to type, nothing to
 * mistype. The code runs out with the rate (its amount is the quoted one);
 * other currencies have no such standard, and a deployment with QR_SCAN=false offers none: no button.
 */
export function BankTransferQr({ instructions, expired }: BankTransferQrProps) {
  const { t } = useLingui();
  const money = useWireMoney();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const qrScan = useClientFeatures().qr_scan;
  const text = sepaTransferQrText(instructions);
  if (!text || !qrScan) return null;
  const amount = money(instructions.amount, instructions.currency);
  const reference = instructions.reference;
  return (
    <>
      <button type="button" className={`${buttonClass('secondary')} ${styles.longLabel}`} onClick={() => setOpen(true)}>
        <Trans>Pay with your banking app's QR scanner</Trans>
      </button>
      {open ? (
        <Dialog open onClose={() => setOpen(false)} labelledBy={titleId}>
          <h2 id={titleId}>
            <Trans>Scan to pay from your banking app</Trans>
          </h2>
          <p>
            <Trans>
              In your banking app, choose to pay by QR code and scan this. It fills in our account, {amount} and the
              reference {reference}. Check them before you confirm.
            </Trans>
          </p>
          {expired ? (
            <InlineMessage tone="error">
              <Trans>
                This QR code ran out with the rate. Close it and get a new rate: the new code has the new amount.
              </Trans>
            </InlineMessage>
          ) : (
            <QrCode text={text} label={t`QR code of this payment: ${amount} to our account, reference ${reference}`} />
          )}
          <p className={styles.muted}>
            <Trans>Banking apps in the euro area read these codes (the European Payments Council's QR code).</Trans>
          </p>
          <form method="dialog">
            <button type="submit" className={buttonClass('primary')}>
              <Trans>Close</Trans>
            </button>
          </form>
        </Dialog>
      ) : null}
    </>
  );
}

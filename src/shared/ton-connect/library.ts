/**
 * What turns the library's objects into the app's and back, loaded with the library (lazy chunk), so
 * the first screen carries none of it.
 */
import type { ConnectedWalletInfo, WalletUiOptions } from './types';

type Library = typeof import('@tonconnect/ui');
type Instance = InstanceType<Library['TonConnectUI']>;

export function toInfo(wallet: NonNullable<Instance['wallet']>): ConnectedWalletInfo {
  return {
    address: wallet.account.address,
    chain: wallet.account.chain,
    publicKey: wallet.account.publicKey ?? null,
    walletStateInit: wallet.account.walletStateInit ?? null,
    walletName: 'name' in wallet && typeof wallet.name === 'string' ? wallet.name : wallet.device.appName,
    features: wallet.device.features as ConnectedWalletInfo['features'],
    tonProof: proofOf(wallet),
  };
}

/** The ton_proof item of a fresh connect (an error reply or a restored connection has none). */
function proofOf(wallet: NonNullable<Instance['wallet']>): ConnectedWalletInfo['tonProof'] {
  const item = wallet.connectItems?.tonProof;
  if (!item || !('proof' in item)) return null;
  const { timestamp, domain, payload, signature } = item.proof;
  return { timestamp, domain: { lengthBytes: domain.lengthBytes, value: domain.value }, payload, signature };
}

const toLibraryTheme = (lib: Library, theme: WalletUiOptions['theme']) =>
  theme === 'dark' ? lib.THEME.DARK : lib.THEME.LIGHT;

/** A design token's current value ('' when the page has none, e.g. in a test). */
const token = (name: string): string =>
  typeof document === 'undefined' ? '' : getComputedStyle(document.documentElement).getPropertyValue(name).trim();

/**
 * The widget in the app's look: its button and modal take the app's tokens (Telegram's button,
 * section, text and hint colours) for the scheme in use; unset tokens keep the library's own.
 */
export function uiPreferences(lib: Library, theme: WalletUiOptions['theme']) {
  const button = token('--color-button');
  const buttonText = token('--color-button-text');
  const section = token('--color-section');
  const text = token('--color-text');
  const hint = token('--color-hint');
  const colors = {
    ...(button ? { accent: button, telegramButton: button } : {}),
    ...(button && buttonText ? { connectButton: { background: button, foreground: buttonText } } : {}),
    ...(section ? { background: { primary: section } } : {}),
    ...(text && hint ? { text: { primary: text, secondary: hint } } : {}),
  };
  const libraryTheme = toLibraryTheme(lib, theme);
  return { theme: libraryTheme, borderRadius: 'm' as const, colorsSet: { [libraryTheme]: colors } };
}

export { crc16 } from './crc16';
export {
  addressesEqual,
  isValidAddress,
  parseAddress,
  parseFriendlyAddress,
  parseRawAddress,
  toFriendlyAddress,
  toRawAddress,
  TonAddressError,
  type FriendlyOptions,
  type FriendlyTonAddress,
  type TonAddress,
  type Workchain,
} from './address';

/**
 * CRC-16/XMODEM (polynomial 0x1021, init 0, no reflection, no final xor), as TON's user-friendly
 * addresses use over their first 34 bytes. Check value: crc16(ascii '123456789') === 0x31c3.
 */
export function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

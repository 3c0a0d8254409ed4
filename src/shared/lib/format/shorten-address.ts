/** 'UQAbc…wxyz' style: the app shows 3 leading and 4 trailing characters (SPEC §9). */
export function shortenAddress(address: string, lead = 3, tail = 4): string {
  // Shortening only pays when it removes more than the one character the ellipsis adds.
  if (address.length <= lead + tail + 1) return address;
  return `${address.slice(0, lead)}…${address.slice(address.length - tail)}`;
}

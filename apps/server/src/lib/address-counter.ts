/**
 * Open things (connections, sockets) per peer address, at most `max` each: `take` counts one more and answers
 * whether it fits (one that does not is not counted), `release` gives one back when it closes.
 */
export function createAddressCounter(max: number) {
  const open = new Map<string, number>();
  return {
    take(address: string): boolean {
      const count = (open.get(address) ?? 0) + 1;
      if (count > max) return false;
      open.set(address, count);
      return true;
    },
    count: (address: string): number => open.get(address) ?? 0,
    release(address: string): void {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    },
  };
}

// gifenc ships no type declarations: the three functions the thumbnails use, as its README documents them.
declare module 'gifenc' {
  type Palette = number[][];
  interface Encoder {
    writeFrame(index: Uint8Array, width: number, height: number, options: { palette: Palette }): void;
    finish(): void;
    bytes(): Uint8Array;
  }
  interface Gifenc {
    GIFEncoder(): Encoder;
    quantize(rgba: Uint8Array, maxColors: number): Palette;
    applyPalette(rgba: Uint8Array, palette: Palette): Uint8Array;
  }
  export const GIFEncoder: Gifenc['GIFEncoder'];
  export const quantize: Gifenc['quantize'];
  export const applyPalette: Gifenc['applyPalette'];
  const gifenc: Gifenc;
  export default gifenc;
}

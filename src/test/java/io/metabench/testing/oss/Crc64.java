package io.metabench.testing.oss;

/**
 * CRC-64 as OSS reports it in {@code x-oss-hash-crc64ecma}: ECMA-182's polynomial, reflected
 * (0xC96C5795D7870F42), initial value and final XOR all ones (the CRC-64 of xz). The OSS SDK
 * checks it against its own for every upload and every whole download, so a server that sends it
 * must get it right. Stateless; thread-safe.
 */
final class Crc64 {
  private static final long POLY = 0xC96C5795D7870F42L;
  private static final long[] TABLE = new long[256];

  static {
    for (int n = 0; n < 256; n++) {
      long crc = n;
      for (int k = 0; k < 8; k++) {
        crc = (crc & 1) == 1 ? (crc >>> 1) ^ POLY : crc >>> 1;
      }
      TABLE[n] = crc;
    }
  }

  private Crc64() {
  }

  /** The CRC of {@code bytes}, as the unsigned decimal OSS writes in its header. */
  static String of(byte[] bytes) {
    long crc = ~0L;
    for (byte b : bytes) {
      crc = TABLE[(int) ((crc ^ b) & 0xFF)] ^ (crc >>> 8);
    }
    return Long.toUnsignedString(~crc);
  }
}

package io.metabench.testing.oss;

/**
 * A {@code Range: bytes=a-b} header read as OSS reads it: a range that does not fit the object
 * (past its end, or reversed) is ignored and the whole object sent with 200, unless the request
 * carries {@code x-oss-range-behavior: standard}, under which an end past the object is cut to
 * its last byte and a start past it is refused (416, InvalidRange). Stateless.
 */
final class OssRange {
  private OssRange() {
  }

  /** {@code {first, last}} inclusive, or null for the whole object. */
  static long[] parse(String header, long length, boolean standard) throws OssError {
    if (header == null || !header.startsWith("bytes=") || header.indexOf(',') >= 0) {
      return null;
    }
    String spec = header.substring("bytes=".length()).trim();
    int dash = spec.indexOf('-');
    if (dash < 0) {
      return null;
    }
    long first;
    long last;
    try {
      if (dash == 0) {
        long suffix = Long.parseLong(spec.substring(1));
        first = Math.max(0, length - suffix);
        last = length - 1;
      } else {
        first = Long.parseLong(spec.substring(0, dash));
        last = dash == spec.length() - 1 ? length - 1 : Long.parseLong(spec.substring(dash + 1));
      }
    } catch (NumberFormatException e) {
      return null;
    }
    if (first > last || length == 0) {
      return null;
    }
    if (first >= length) {
      if (standard) {
        throw new OssError(416, "InvalidRange", "The requested range cannot be satisfied.");
      }
      return null;
    }
    if (last >= length) {
      if (!standard) {
        return null;
      }
      last = length - 1;
    }
    return new long[] {first, last};
  }
}

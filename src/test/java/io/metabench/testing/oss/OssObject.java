package io.metabench.testing.oss;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * One stored object: its bytes, the ETag and CRC-64 OSS gives them, its type ({@code Normal} from
 * PutObject and CopyObject, {@code Multipart} from a completed upload), when it was last written
 * and its user metadata ({@code x-oss-meta-*}, names lower-cased). Immutable.
 */
final class OssObject {
  final byte[] data;
  final String etag;
  final String crc64;
  final String type;
  final String contentType;
  final long lastModifiedMillis;
  final Map<String, String> userMetadata;

  OssObject(byte[] data, String etag, String type, String contentType,
      Map<String, String> userMetadata) {
    this.data = data;
    this.etag = etag;
    this.crc64 = Crc64.of(data);
    this.type = type;
    this.contentType = contentType == null ? "application/octet-stream" : contentType;
    this.lastModifiedMillis = System.currentTimeMillis();
    this.userMetadata = Collections.unmodifiableMap(new TreeMap<>(userMetadata));
  }

  /** An object PutObject or CopyObject writes: its ETag is the MD5 of its bytes. */
  static OssObject normal(byte[] data, String contentType, Map<String, String> userMetadata) {
    return new OssObject(data, hex(md5(data)), "Normal", contentType, userMetadata);
  }

  static byte[] md5(byte[] data) {
    try {
      return MessageDigest.getInstance("MD5").digest(data);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Upper-case hex, as OSS writes ETags. */
  static String hex(byte[] bytes) {
    StringBuilder b = new StringBuilder(bytes.length * 2);
    for (byte x : bytes) {
      b.append(String.format(Locale.ROOT, "%02X", x & 0xFF));
    }
    return b.toString();
  }

  /** The quoted ETag, as headers and XML carry it. */
  String quotedEtag() {
    return "\"" + etag + "\"";
  }
}

package io.metabench.testing.oss;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.commons.codec.digest.HmacAlgorithms;
import org.apache.commons.codec.digest.HmacUtils;

/**
 * OSS's version 1 request signature ({@code Authorization: OSS id:signature}), checked as OSS
 * checks it: HMAC-SHA1 with the secret over the verb, Content-MD5, Content-Type, Date, the
 * {@code x-oss-} headers (lower-cased, sorted) and the resource ({@code /bucket/key} and the
 * sub-resources OSS signs, sorted). Stateless; thread-safe.
 */
final class OssSignature {
  /** The query parameters OSS includes in the signed resource (OSS API reference). */
  private static final Set<String> SIGNED = new HashSet<>(Arrays.asList("acl", "uploads",
      "location", "cors", "logging", "website", "referer", "lifecycle", "delete", "append",
      "tagging", "objectMeta", "uploadId", "partNumber", "security-token", "position",
      "response-cache-control", "response-content-disposition", "response-content-encoding",
      "response-content-language", "response-content-type", "response-expires", "img", "style",
      "styleName", "replication", "replicationProgress", "replicationLocation", "cname",
      "bucketInfo", "comp", "qos", "live", "status", "vod", "startTime", "endTime",
      "x-oss-process", "processConfiguration", "symlink", "stat", "udf", "udfName", "udfImage",
      "udfImageDesc", "udfApplication", "udfApplicationLog", "restore", "versions", "versioning",
      "versionId", "encryption", "policy", "requestPayment", "x-oss-traffic-limit", "qosInfo",
      "asyncFetch", "sequential", "x-oss-request-payer", "vpcip", "vip", "inventory",
      "inventoryId", "continuation-token", "worm", "wormId", "wormExtend", "callback",
      "callback-var", "x-oss-dir", "x-oss-rename", "x-oss-delete", "transferAcceleration"));

  private OssSignature() {
  }

  /** The string OSS signs for {@code x}. */
  static String stringToSign(OssExchange x) {
    StringBuilder b = new StringBuilder();
    b.append(x.method).append('\n')
        .append(nonNull(x.header("Content-MD5"))).append('\n')
        .append(nonNull(x.header("Content-Type"))).append('\n')
        .append(nonNull(x.header("Date"))).append('\n');
    Map<String, String> ossHeaders = new TreeMap<>();
    for (Map.Entry<String, List<String>> h : x.http.getRequestHeaders().entrySet()) {
      String name = h.getKey().toLowerCase(Locale.ROOT);
      if (name.startsWith("x-oss-")) {
        ossHeaders.put(name, String.join(",", h.getValue()).trim());
      }
    }
    for (Map.Entry<String, String> h : ossHeaders.entrySet()) {
      b.append(h.getKey()).append(':').append(h.getValue()).append('\n');
    }
    b.append('/');
    if (!x.bucket.isEmpty()) {
      b.append(x.bucket).append('/').append(x.key);
    }
    char separator = '?';
    for (Map.Entry<String, String> p : x.params.entrySet()) {
      if (SIGNED.contains(p.getKey())) {
        b.append(separator).append(p.getKey());
        if (p.getValue() != null) {
          b.append('=').append(p.getValue());
        }
        separator = '&';
      }
    }
    return b.toString();
  }

  static String sign(String secret, String stringToSign) {
    return Base64.getEncoder().encodeToString(
        new HmacUtils(HmacAlgorithms.HMAC_SHA_1, secret).hmac(stringToSign));
  }


  /** Whether two signatures are equal, in time that does not tell where they differ. */
  static boolean same(String a, String b) {
    return MessageDigest.isEqual(a.getBytes(StandardCharsets.UTF_8),
        b.getBytes(StandardCharsets.UTF_8));
  }

  private static String nonNull(String s) {
    return s == null ? "" : s;
  }
}

package io.metabench.testing.oss;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.w3c.dom.Element;

/**
 * The bucket APIs: ListObjects (version 1: {@code marker}) and ListObjectsV2
 * ({@code list-type=2}: {@code continuation-token}, {@code start-after}), both with prefixes,
 * delimiters and pages of at most 1,000; DeleteMultipleObjects; ListMultipartUploads;
 * GetBucketInfo and GetBucketLocation. Stateless; thread-safe.
 */
final class OssBucketApi {
  /** The most keys one listing or one DeleteMultipleObjects may name. */
  static final int MAX_KEYS = 1000;

  private OssBucketApi() {
  }

  static void serve(OssExchange x, OssBucket bucket) throws IOException, OssError {
    if ("GET".equals(x.method)) {
      if (x.has("bucketInfo")) {
        x.api = "GetBucketInfo";
        x.sendXml(200, new OssXml(false).open("BucketInfo").open("Bucket")
            .text("Name", bucket.name).text("Location", OssServer.REGION)
            .text("StorageClass", "Standard").close("Bucket").close("BucketInfo"));
      } else if (x.has("location")) {
        x.api = "GetBucketLocation";
        x.sendXml(200, new OssXml(false).text("LocationConstraint", OssServer.REGION));
      } else if (x.has("uploads")) {
        listUploads(x, bucket);
      } else if (x.params.keySet().stream().anyMatch(OssBucketApi::unsupported)) {
        throw OssError.notImplemented("GET ?" + x.params.keySet());
      } else {
        list(x, bucket);
      }
    } else if ("POST".equals(x.method) && x.has("delete")) {
      deleteMultiple(x, bucket);
    } else if ("HEAD".equals(x.method)) {
      x.api = "HeadBucket";
      x.send(200, null, null);
    } else {
      throw OssError.notImplemented(x.method + " on a bucket");
    }
  }

  /** A sub-resource of a bucket this server does not serve (lifecycle, acl, ...). */
  private static boolean unsupported(String param) {
    switch (param) {
      case "prefix": case "delimiter": case "marker": case "max-keys": case "encoding-type":
      case "list-type": case "continuation-token": case "start-after": case "fetch-owner":
        return false;
      default:
        return true;
    }
  }

  private static int maxKeys(OssExchange x) throws OssError {
    String v = x.param("max-keys", "100");
    int n;
    try {
      n = Integer.parseInt(v);
    } catch (NumberFormatException e) {
      n = -1;
    }
    if (n < 0 || n > MAX_KEYS) {
      throw OssError.invalidArgument("Argument max-keys must be an integer between 0 and 1000.");
    }
    return n;
  }

  private static void list(OssExchange x, OssBucket bucket) throws IOException, OssError {
    boolean v2 = "2".equals(x.params.get("list-type"));
    x.api = v2 ? "ListObjectsV2" : "ListObjects";
    String prefix = x.param("prefix", "");
    String delimiter = x.param("delimiter", "");
    int maxKeys = maxKeys(x);
    String token = x.params.get("continuation-token");
    String after;
    if (v2) {
      after = token != null ? decodeToken(token) : x.param("start-after", "");
    } else {
      after = x.param("marker", "");
    }
    OssBucket.Page page = bucket.list(prefix, delimiter, after, maxKeys);
    boolean url = "url".equals(x.params.get("encoding-type"));
    String root = "ListBucketResult";
    OssXml xml = new OssXml(url).open(root).text("Name", bucket.name).name("Prefix", prefix);
    if (v2) {
      if (x.has("start-after")) {
        xml.name("StartAfter", x.param("start-after", ""));
      }
      if (token != null) {
        xml.text("ContinuationToken", token);
      }
    } else {
      xml.name("Marker", after);
    }
    xml.text("MaxKeys", maxKeys).name("Delimiter", delimiter);
    if (url) {
      xml.text("EncodingType", "url");
    }
    xml.text("IsTruncated", page.truncated);
    if (page.truncated) {
      if (v2) {
        xml.text("NextContinuationToken", encodeToken(page.last));
      } else {
        xml.name("NextMarker", page.last);
      }
    }
    if (v2) {
      xml.text("KeyCount", page.contents.size() + page.commonPrefixes.size());
    }
    boolean owner = !v2 || "true".equals(x.params.get("fetch-owner"));
    for (Map.Entry<String, OssObject> e : page.contents) {
      OssObject o = e.getValue();
      xml.open("Contents").name("Key", e.getKey())
          .text("LastModified", OssXml.iso8601(o.lastModifiedMillis))
          .text("ETag", o.quotedEtag()).text("Type", o.type).text("Size", o.data.length)
          .text("StorageClass", "Standard");
      if (owner) {
        xml.open("Owner").text("ID", OssServer.OWNER).text("DisplayName", OssServer.OWNER)
            .close("Owner");
      }
      xml.close("Contents");
    }
    for (String p : page.commonPrefixes) {
      xml.open("CommonPrefixes").name("Prefix", p).close("CommonPrefixes");
    }
    x.sendXml(200, xml.close(root));
  }

  /** A continuation token: opaque to clients, the key to list after, here in base64. */
  private static String encodeToken(String after) {
    return Base64.getUrlEncoder().encodeToString(after.getBytes(StandardCharsets.UTF_8));
  }

  private static String decodeToken(String token) throws OssError {
    try {
      return new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      throw OssError.invalidArgument("The continuation token provided is incorrect.");
    }
  }

  private static void deleteMultiple(OssExchange x, OssBucket bucket) throws IOException, OssError {
    x.api = "DeleteMultipleObjects";
    OssObjectApi.checkDigest(x, true);
    List<String> keys;
    boolean quiet;
    try {
      Element root = OssXml.parse(x.body);
      keys = OssXml.texts(root, "Object", "Key");
      List<String> q = OssXml.texts(root, "Delete", "Quiet");
      quiet = !q.isEmpty() && "true".equalsIgnoreCase(String.valueOf(q.get(0)).trim());
    } catch (IOException e) {
      throw OssError.malformedXml();
    }
    if (keys.isEmpty() || keys.size() > MAX_KEYS || keys.contains(null)) {
      throw OssError.malformedXml();
    }
    boolean url = "url".equals(x.params.get("encoding-type"));
    OssXml xml = new OssXml(url).open("DeleteResult");
    if (url) {
      xml.text("EncodingType", "url");
    }
    for (String key : keys) {
      bucket.objects.remove(key);
      if (!quiet) {
        xml.open("Deleted").name("Key", key).close("Deleted");
      }
    }
    x.sendXml(200, xml.close("DeleteResult"));
  }

  private static void listUploads(OssExchange x, OssBucket bucket) throws IOException {
    x.api = "ListMultipartUploads";
    String prefix = x.param("prefix", "");
    OssXml xml = new OssXml(false).open("ListMultipartUploadsResult").text("Bucket", bucket.name)
        .text("Prefix", prefix).text("IsTruncated", false);
    for (OssBucket.Upload u : bucket.uploads.values()) {
      if (u.key.startsWith(prefix)) {
        xml.open("Upload").text("Key", u.key).text("UploadId", u.id).close("Upload");
      }
    }
    x.sendXml(200, xml.close("ListMultipartUploadsResult"));
  }
}
